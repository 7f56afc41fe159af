package io.xtremehub.nexus;

import com.google.common.base.Suppliers;
import io.xtremehub.nexus.backend.AbandonedUploadSweeper;
import io.xtremehub.nexus.backend.PartBudget;
import io.xtremehub.nexus.backend.PartedPutBlobStore;
import io.xtremehub.nexus.backend.S3Uploads;
import io.xtremehub.nexus.backend.UploadJournal;
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

    /**
     * Starts what a worker does in the background for this backend while it serves (the S3 backend
     * aborts multipart uploads killed workers left open); closing the handle stops it.
     */
    default AutoCloseable startHousekeeping() {
        return () -> { };
    }

    /** Buckets are directories under {@code baseDir}. */
    static Backend filesystem(Path baseDir) {
        return new Filesystem(baseDir);
    }

    /** Buckets live in memory and vanish with the process. */
    static Backend transientStore() {
        return new Transient();
    }

    /** An S3 endpoint, addressed path-style with SigV4, with the default {@link S3Uploads}. */
    static Backend s3(URI endpoint, String region, String accessKey, String secretKey) {
        return new S3(endpoint, region, accessKey, secretKey, S3Uploads.defaults());
    }

    /** An S3 endpoint, addressed path-style with SigV4, storing bodies of unknown length as {@code uploads} says. */
    static Backend s3(URI endpoint, String region, String accessKey, String secretKey, S3Uploads uploads) {
        return new S3(endpoint, region, accessKey, secretKey, uploads);
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
     * @param uploads how bodies of unknown length are uploaded, and abandoned uploads cleaned up
     */
    record S3(URI endpoint, String region, String accessKey, String secretKey, S3Uploads uploads)
            implements Backend {
        /** Validates. */
        public S3 {
            Objects.requireNonNull(endpoint, "endpoint");
            region = region == null || region.isBlank() ? "us-east-1" : region;
            Objects.requireNonNull(accessKey, "accessKey");
            Objects.requireNonNull(secretKey, "secretKey");
            uploads = uploads == null ? S3Uploads.defaults() : uploads;
        }

        /**
         * The SDK's client needs an object's length before its bytes: a body of unknown length (a
         * transformed chunk streamed in) is uploaded in parts of S3's minimum size, never spooled,
         * its buffers within the budget of the one worker that calls this, its open uploads journaled.
         */
        @Override
        public BlobStore create() {
            BlobStore client = client();
            return PartedPutBlobStore.over(client, PartedPutBlobStore.MIN_PART_SIZE,
                    PartBudget.of(uploads.partBufferBudget(), uploads.partBufferWait()),
                    new UploadJournal(client, uploads.journalBucket()));
        }

        /** Sweeps the journal for uploads killed workers left open, with a client of its own. */
        @Override
        public AutoCloseable startHousekeeping() {
            BlobStore client = client();
            AbandonedUploadSweeper sweeper = AbandonedUploadSweeper.start(client,
                    new UploadJournal(client, uploads.journalBucket()), uploads.abandonedAfter(), uploads.sweepEvery());
            return () -> {
                sweeper.close();
                client.close();
            };
        }

        private BlobStore client() {
            return new AwsS3SdkBlobStore(Suppliers.ofInstance(new Credentials(accessKey, secretKey)),
                    endpoint.toString(), region, "native", "true", "false");
        }

        @Override
        public String describe() {
            return "s3:" + endpoint;
        }

        @Override
        public String toString() {
            return "S3[endpoint=" + endpoint + ", region=" + region + ", accessKey=" + accessKey + ", uploads="
                    + uploads + "]";
        }
    }
}
