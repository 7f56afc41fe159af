package io.xtremehub.faastream.internal.io;

import io.xtremehub.faastream.ObjectStoreConfig;
import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/** The few S3 operations FaaStream needs, over the AWS SDK v2 with path-style addressing. */
public final class ObjectStore implements AutoCloseable {
    private final S3Client s3;

    public ObjectStore(ObjectStoreConfig cfg) {
        S3ClientBuilder b = S3Client.builder()
                .region(Region.of(cfg.region()))
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(cfg.accessKey(), cfg.secretKey())))
                .forcePathStyle(true);
        if (cfg.endpoint() != null) {
            b.endpointOverride(URI.create(cfg.endpoint()));
        }
        this.s3 = b.build();
    }

    public S3Client client() {
        return s3;
    }

    /** One listed object. */
    public record Listed(String key, long size) {
    }

    public boolean bucketExists(String bucket) {
        try {
            s3.headBucket(r -> r.bucket(bucket));
            return true;
        } catch (NoSuchBucketException e) {
            return false;
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return false;
            }
            throw e;
        }
    }

    public void ensureBucket(String bucket) {
        if (!bucketExists(bucket)) {
            try {
                s3.createBucket(r -> r.bucket(bucket));
            } catch (S3Exception e) {
                if (e.statusCode() != 409) {
                    throw e;
                }
            }
        }
    }

    /** Object size, or -1 when it does not exist. */
    public long size(String bucket, String key) {
        try {
            return s3.headObject(r -> r.bucket(bucket).key(key)).contentLength();
        } catch (NoSuchKeyException e) {
            return -1;
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return -1;
            }
            throw e;
        }
    }

    public List<Listed> list(String bucket, String prefix) {
        List<Listed> out = new ArrayList<>();
        String token = null;
        do {
            ListObjectsV2Request.Builder req = ListObjectsV2Request.builder().bucket(bucket).prefix(prefix);
            if (token != null) {
                req.continuationToken(token);
            }
            ListObjectsV2Response resp = s3.listObjectsV2(req.build());
            for (S3Object o : resp.contents()) {
                out.add(new Listed(o.key(), o.size()));
            }
            token = Boolean.TRUE.equals(resp.isTruncated()) ? resp.nextContinuationToken() : null;
        } while (token != null);
        return out;
    }

    public void put(String bucket, String key, byte[] data) {
        s3.putObject(r -> r.bucket(bucket).key(key), RequestBody.fromBytes(data));
    }

    public byte[] get(String bucket, String key) {
        return s3.getObjectAsBytes(r -> r.bucket(bucket).key(key)).asByteArray();
    }

    /** The object's bytes, or null when it does not exist: one request, where {@link #size} and get are two. */
    public byte[] getIfExists(String bucket, String key) {
        try {
            return get(bucket, key);
        } catch (NoSuchKeyException e) {
            return null;
        }
    }

    /** Bytes {@code [start, end)} of an object. */
    public InputStream open(String bucket, String key, long start, long end) {
        if (end <= start) {
            return InputStream.nullInputStream();
        }
        return s3.getObject(r -> r.bucket(bucket).key(key).range("bytes=" + start + "-" + (end - 1)));
    }

    /** Copies an object server-side (a whole object appears at once under {@code toKey}). */
    public void copy(String fromBucket, String fromKey, String toBucket, String toKey) {
        s3.copyObject(r -> r.sourceBucket(fromBucket).sourceKey(fromKey).destinationBucket(toBucket)
                .destinationKey(toKey));
    }

    public void delete(String bucket, String key) {
        s3.deleteObject(r -> r.bucket(bucket).key(key));
    }

    /** Deletes every object under {@code prefix}; returns how many. */
    public int deletePrefix(String bucket, String prefix) {
        List<Listed> all = list(bucket, prefix);
        for (int i = 0; i < all.size(); i += 1000) {
            List<ObjectIdentifier> ids = all.subList(i, Math.min(all.size(), i + 1000)).stream()
                    .map(l -> ObjectIdentifier.builder().key(l.key()).build()).toList();
            s3.deleteObjects(r -> r.bucket(bucket).delete(Delete.builder().objects(ids).build()));
        }
        return all.size();
    }

    @Override
    public void close() {
        s3.close();
    }
}
