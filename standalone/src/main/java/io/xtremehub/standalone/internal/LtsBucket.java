package io.xtremehub.standalone.internal;

import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.S3Object;

/** The LTS bucket seen through the S3 API, whatever endpoint serves it. */
public final class LtsBucket implements AutoCloseable {
    private final S3Client s3;
    private final String bucket;

    public LtsBucket(String endpoint, String region, String accessKey, String secretKey, String bucket) {
        this.bucket = bucket;
        this.s3 = S3Client.builder()
                .endpointOverride(URI.create(endpoint))
                .region(Region.of(region))
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
                .build();
    }

    /** Creates the bucket unless it exists. */
    public void ensureExists() {
        try {
            s3.headBucket(b -> b.bucket(bucket));
        } catch (NoSuchBucketException e) {
            s3.createBucket(b -> b.bucket(bucket));
        }
    }

    /** Objects and bytes currently stored in the bucket. */
    public Usage usage() {
        return usage("");
    }

    /** Objects and bytes of the keys that contain {@code text}, e.g. a stream's name. */
    public Usage usage(String text) {
        long objects = 0;
        long bytes = 0;
        for (S3Object o : s3.listObjectsV2Paginator(b -> b.bucket(bucket)).contents()) {
            if (o.key().contains(text)) {
                objects++;
                bytes += o.size();
            }
        }
        return new Usage(objects, bytes);
    }

    /** What the bucket holds. */
    public record Usage(long objects, long bytes) { }

    @Override
    public void close() {
        s3.close();
    }
}
