package io.xtremehub.testkit;

import java.util.UUID;

/**
 * Names of streams, buckets and reader groups that no other test of the JVM uses: classes share
 * one cluster, so a test must never find another's data under its names.
 */
public final class UniqueNames {
    private UniqueNames() {
    }

    /** {@code prefix-} followed by 8 random hex digits (valid as a Pravega stream and S3 bucket name). */
    public static String of(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
