package io.xtremehub.nexus;

import com.google.common.base.Suppliers;
import io.xtremehub.nexus.backend.PartedPutBlobStore;
import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;
import org.gaul.s3proxy.awssdk.AwsS3SdkBlobStore;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.Credentials;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;

/** Where Nexus stores chunks: a directory, memory, or any S3 endpoint (S3, MinIO, another S3Proxy). */
public sealed interface Backend {
    /** Creates the S3Proxy blob store for this backend. */
    BlobStore create();

    /** A short description for logs and status. */
    String describe();

    /** Buckets are directories under {@code baseDir}. */
    static Backend filesystem(Path baseDir) {
        return new Filesystem(baseDir);
    }

    /** Buckets live in memory and vanish with the process. */
    static Backend transientStore() {
        return new Transient();
    }

    /** An S3 endpoint, addressed path-style with SigV4. */
    static Backend s3(URI endpoint, String region, String accessKey, String secretKey) {
        return new S3(endpoint, region, accessKey, secretKey);
    }

    /** The filesystem backend. @param baseDir root directory */
    record Filesystem(Path baseDir) implements Backend {
        /** Validates. */
        public Filesystem {
            Objects.requireNonNull(baseDir, "baseDir");
        }

        @Override
        public BlobStore create() {
            try {
                java.nio.file.Files.createDirectories(baseDir);
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("backend directory " + baseDir + " cannot be created: "
                        + e.getMessage(), e);
            }
            return new FilesystemNio2BlobStore(baseDir.toAbsolutePath().toString());
        }

        @Override
        public String describe() {
            return "filesystem:" + baseDir;
        }
    }

    /** The in-memory backend. */
    record Transient() implements Backend {
        @Override
        public BlobStore create() {
            return new TransientNio2BlobStore();
        }

        @Override
        public String describe() {
            return "transient";
        }
    }

    /**
     * An S3 backend.
     *
     * @param endpoint endpoint URI
     * @param region region
     * @param accessKey access key
     * @param secretKey secret key
     */
    record S3(URI endpoint, String region, String accessKey, String secretKey) implements Backend {
        /** Validates. */
        public S3 {
            Objects.requireNonNull(endpoint, "endpoint");
            region = region == null || region.isBlank() ? "us-east-1" : region;
            Objects.requireNonNull(accessKey, "accessKey");
            Objects.requireNonNull(secretKey, "secretKey");
        }

        /**
         * The SDK's client needs an object's length before its bytes: a body of unknown length (a
         * transformed chunk streamed in) is uploaded in parts of S3's minimum size, never spooled.
         */
        @Override
        public BlobStore create() {
            return PartedPutBlobStore.over(new AwsS3SdkBlobStore(Suppliers.ofInstance(new Credentials(accessKey,
                    secretKey)), endpoint.toString(), region, "native", "true", "false"),
                    PartedPutBlobStore.MIN_PART_SIZE);
        }

        @Override
        public String describe() {
            return "s3:" + endpoint;
        }

        @Override
        public String toString() {
            return "S3[endpoint=" + endpoint + ", region=" + region + ", accessKey=" + accessKey + "]";
        }
    }
}
