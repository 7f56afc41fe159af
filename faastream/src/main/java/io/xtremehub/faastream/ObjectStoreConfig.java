package io.xtremehub.faastream;

import java.io.Serializable;
import java.util.Objects;

/**
 * How FaaStream reaches the S3-compatible object store that bucket sources and sinks use, and
 * where events too large for a stream are parked.
 *
 * @param endpoint   endpoint URL, e.g. {@code http://127.0.0.1:9000}; null for AWS's default
 * @param region     signing region
 * @param accessKey  access key id
 * @param secretKey  secret key
 * @param spillBucket bucket for large events; created by the manager if missing
 */
public record ObjectStoreConfig(String endpoint, String region, String accessKey, String secretKey,
                                String spillBucket) implements Serializable {
    public ObjectStoreConfig {
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(accessKey, "accessKey");
        Objects.requireNonNull(secretKey, "secretKey");
        Objects.requireNonNull(spillBucket, "spillBucket");
    }

    /** Path-style S3 at {@code endpoint} with the default spill bucket {@code faastream-spill}. */
    public static ObjectStoreConfig of(String endpoint, String region, String accessKey, String secretKey) {
        return new ObjectStoreConfig(endpoint, region, accessKey, secretKey, "faastream-spill");
    }

    @Override
    public String toString() {
        return "ObjectStoreConfig[" + endpoint + ", " + region + ", spill " + spillBucket + "]";
    }
}
