package io.xtremehub.faastream.examples;

import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.Serializers;
import io.xtremehub.faastream.Transformer;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * The hashing job of reference Listing 1: SHA-256 of every byte-array event, as hex text. The
 * same pipeline runs as a stream or as a batch; only the job's mode differs.
 */
public final class Sha256Job {
    private Sha256Job() {
    }

    public static Pipeline<String> pipeline(String input, String output, int workers) {
        return Pipeline.fromStream(input, Serializers.bytes())
                .map(new Hasher(), Serializers.utf8()).parallelism(workers).named("sha256")
                .writeToStream(output);
    }

    /** Hashes with a digest created once per worker in {@link #initialize()}. */
    public static final class Hasher implements Transformer<byte[], String> {
        private transient MessageDigest digest;

        @Override
        public void initialize() throws Exception {
            digest = MessageDigest.getInstance("SHA-256");
        }

        @Override
        public String apply(byte[] input) {
            return HexFormat.of().formatHex(digest.digest(input));
        }
    }
}
