package io.xtremehub.nexus.api;

import java.util.Objects;

/**
 * An object as the storage client sees it.
 *
 * @param bucket bucket the client addressed
 * @param key object key
 * @param eTag ETag of the original bytes (unquoted), or null if not known yet
 * @param length length of the original bytes, or -1 if not known yet
 */
public record ObjectRef(String bucket, String key, String eTag, long length) {
    /** Validates the fields. */
    public ObjectRef {
        Objects.requireNonNull(bucket, "bucket");
        Objects.requireNonNull(key, "key");
    }
}
