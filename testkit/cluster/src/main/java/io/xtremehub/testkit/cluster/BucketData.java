package io.xtremehub.testkit.cluster;

import java.io.ByteArrayOutputStream;
import java.util.List;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/** Puts and reads objects through the cluster's S3 endpoint, for tests to set up and check. */
public final class BucketData {
    private final S3Client s3;

    BucketData(S3Client s3) {
        this.s3 = s3;
    }

    public void put(String bucket, String key, byte[] data) {
        s3.putObject(r -> r.bucket(bucket).key(key), RequestBody.fromBytes(data));
    }

    public byte[] get(String bucket, String key) {
        return s3.getObjectAsBytes(r -> r.bucket(bucket).key(key)).asByteArray();
    }

    /** The keys under the prefix, sorted. */
    public List<String> keys(String bucket, String prefix) {
        return s3.listObjectsV2Paginator(r -> r.bucket(bucket).prefix(prefix)).contents().stream()
                .map(S3Object::key).sorted().toList();
    }

    /** All objects under the prefix, concatenated in key order. */
    public byte[] concat(String bucket, String prefix) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String key : keys(bucket, prefix)) {
            out.writeBytes(get(bucket, key));
        }
        return out.toByteArray();
    }
}
