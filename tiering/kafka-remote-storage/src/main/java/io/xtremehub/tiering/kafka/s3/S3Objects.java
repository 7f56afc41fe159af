package io.xtremehub.tiering.kafka.s3;

import io.xtremehub.tiering.kafka.S3StorageConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;

/**
 * The S3 operations the plugin needs, on one bucket: whole and multipart uploads that leave no
 * object behind when they fail, ranged reads, and idempotent deletes. Methods throw the AWS SDK's
 * unchecked {@link SdkException}s and {@link UncheckedIOException}; the caller words the error.
 */
public final class S3Objects implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(S3Objects.class);

    private final S3Client s3;
    private final String bucket;
    private final int partSize;

    private S3Objects(S3Client s3, String bucket, int partSize) {
        this.s3 = s3;
        this.bucket = bucket;
        this.partSize = partSize;
    }

    /** A client for the configured endpoint, bucket and credentials. */
    public static S3Objects create(S3StorageConfig config) {
        S3ClientBuilder b = S3Client.builder()
                .httpClientBuilder(ApacheHttpClient.builder())
                .region(Region.of(config.region()))
                .forcePathStyle(config.pathStyle())
                .overrideConfiguration(o -> o.apiCallTimeout(Duration.ofMillis(config.apiCallTimeoutMs())));
        if (config.endpoint() != null) {
            b.endpointOverride(config.endpoint());
        }
        b.credentialsProvider(config.accessKey() != null
                ? StaticCredentialsProvider.create(AwsBasicCredentials.create(config.accessKey(), config.secretKey()))
                : DefaultCredentialsProvider.builder().build());
        return new S3Objects(b.build(), config.bucket(), config.partSize());
    }

    /** Stores small bytes in one PUT. */
    public void put(String key, byte[] bytes) {
        s3.putObject(r -> r.bucket(bucket).key(key), RequestBody.fromBytes(bytes));
    }

    /** Stores a file: in one PUT if it fits one part, else as a multipart upload. */
    public void put(String key, Path file) {
        try {
            long size = Files.size(file);
            if (size <= partSize) {
                s3.putObject(r -> r.bucket(bucket).key(key), RequestBody.fromFile(file));
            } else {
                try (InputStream in = Files.newInputStream(file)) {
                    putMultipart(key, in);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Stores a stream as a multipart upload of {@code partSize} parts. If anything fails (the stream,
     * the network, the endpoint, an interrupt), the upload is aborted: its parts are never visible
     * as an object, and the error is rethrown.
     */
    public void putMultipart(String key, InputStream in) throws IOException {
        String uploadId = s3.createMultipartUpload(r -> r.bucket(bucket).key(key)).uploadId();
        boolean completed = false;
        try {
            List<CompletedPart> parts = new ArrayList<>();
            byte[] buffer = new byte[partSize];
            int filled;
            while ((filled = in.readNBytes(buffer, 0, partSize)) > 0 || parts.isEmpty()) {
                int partNumber = parts.size() + 1;
                String eTag = s3.uploadPart(r -> r.bucket(bucket).key(key).uploadId(uploadId).partNumber(partNumber),
                        RequestBody.fromBytes(java.util.Arrays.copyOf(buffer, filled))).eTag();
                parts.add(CompletedPart.builder().partNumber(partNumber).eTag(eTag).build());
                if (filled < partSize) {
                    break;
                }
            }
            s3.completeMultipartUpload(r -> r.bucket(bucket).key(key).uploadId(uploadId)
                    .multipartUpload(m -> m.parts(parts)));
            completed = true;
        } finally {
            if (!completed) {
                abort(key, uploadId);
            }
        }
    }

    private void abort(String key, String uploadId) {
        try {
            despiteInterrupt(() -> s3.abortMultipartUpload(r -> r.bucket(bucket).key(key).uploadId(uploadId)));
        } catch (SdkException e) {
            // the bucket's lifecycle rule for incomplete uploads has to reclaim the parts; they are not visible
            LOG.warn("cannot abort multipart upload {} of s3://{}/{}: {}", uploadId, bucket, key, e.getMessage());
        }
    }

    /** Deletes what a failed write left, even on a thread interrupted to cancel that write. */
    public void deleteAfterFailure(List<String> keys) {
        despiteInterrupt(() -> delete(keys));
    }

    // the broker interrupts the copies it cancels, and the SDK refuses to start a call on an interrupted thread
    private static void despiteInterrupt(Runnable cleanUp) {
        boolean interrupted = Thread.interrupted();
        try {
            cleanUp.run();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The whole object. */
    public byte[] get(String key) {
        return s3.getObjectAsBytes(r -> r.bucket(bucket).key(key)).asByteArray();
    }

    /** Bytes {@code first..last} (inclusive) of the object; {@code last} may lie beyond its end. */
    public InputStream get(String key, long first, long last) {
        return s3.getObject(r -> r.bucket(bucket).key(key).range("bytes=" + first + "-" + last));
    }

    /** Bytes from {@code first} to the end of the object. */
    public InputStream getFrom(String key, long first) {
        return s3.getObject(r -> r.bucket(bucket).key(key).range("bytes=" + first + "-"));
    }

    /** Deletes the objects; keys that do not exist are not an error. */
    public void delete(List<String> keys) {
        var result = s3.deleteObjects(r -> r.bucket(bucket).delete(Delete.builder()
                .objects(keys.stream().map(k -> ObjectIdentifier.builder().key(k).build()).toList()).quiet(true)
                .build()));
        if (result.hasErrors() && !result.errors().isEmpty()) {
            var first = result.errors().get(0);
            throw SdkClientException.create("cannot delete s3://" + bucket + "/" + first.key() + ": " + first.code()
                    + " " + first.message());
        }
    }

    @Override
    public void close() {
        s3.close();
    }
}
