package io.xtremehub.nexus.backend;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The multipart uploads Nexus workers have started in a backend and not yet completed or aborted,
 * kept in the backend itself (one small object per upload in a bucket of its own, {@code
 * <bucket>/<upload id>} holding the object key), so a worker started after one was killed can find
 * and abort what it left. S3 shows neither an open upload's metadata nor who started it, so this is
 * what tells Nexus' uploads from those a user made directly in the same bucket: only uploads
 * recorded here are ever aborted.
 */
public final class UploadJournal {
    private static final Logger LOG = LoggerFactory.getLogger(UploadJournal.class);

    private final BlobStore backend;
    private final String bucket;
    private volatile boolean bucketMade;

    /**
     * The journal kept in {@code bucket} of {@code backend} (created at the first upload recorded).
     */
    public UploadJournal(BlobStore backend, String bucket) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.bucket = Objects.requireNonNull(bucket, "journal bucket");
        if (bucket.isBlank()) {
            throw new IllegalArgumentException("the upload journal bucket needs a name");
        }
    }

    /** One upload recorded: where it goes, its id, and when it was last recorded (by the backend's clock). */
    public record Entry(String bucket, String key, String uploadId, Instant recorded) {
        /** The upload, as the backend's client addresses it. */
        MultipartUpload upload() {
            return new MultipartUpload(uploadId, software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest
                    .builder().bucket(bucket).key(key).build());
        }
    }

    /** The journal's bucket. */
    public String bucket() {
        return bucket;
    }

    /**
     * Records an upload before its first part is sent, and again before each next part: the entry's
     * time is then the upload's last sign of life, which is what a sweeper judges it by.
     */
    void record(MultipartUpload upload) {
        ensureBucket();
        byte[] key = upload.blobName().getBytes(StandardCharsets.UTF_8);
        backend.putBlob(PutObjectRequest.builder().bucket(bucket).key(entryKey(upload.containerName(), upload.id()))
                .contentLength((long) key.length).build(), new ByteArrayInputStream(key));
    }

    /** Forgets an upload that was completed or aborted. A failure is logged: the entry then only costs a sweep. */
    void forget(String uploadBucket, String uploadId) {
        try {
            backend.removeBlob(bucket, entryKey(uploadBucket, uploadId));
        } catch (RuntimeException e) {
            LOG.warn("upload {} of bucket {} ended but stays in the journal {} ({}); a sweep removes it", uploadId,
                    uploadBucket, bucket, e.toString());
        }
    }

    /** The uploads last recorded no later than {@code before}. */
    List<Entry> recordedBefore(Instant before) {
        List<Entry> entries = new ArrayList<>();
        if (!backend.containerExists(bucket)) {
            return entries;
        }
        String token = null;
        do {
            ListObjectsV2Response page = backend.list(ListObjectsV2Request.builder().bucket(bucket)
                    .continuationToken(token).build());
            for (S3Object o : page.contents()) {
                if (!o.lastModified().isAfter(before)) {
                    int slash = o.key().indexOf('/');
                    if (slash > 0) {
                        entries.add(new Entry(o.key().substring(0, slash), objectKey(o.key()),
                                URLDecoder.decode(o.key().substring(slash + 1), StandardCharsets.UTF_8),
                                o.lastModified()));
                    }
                }
            }
            token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
        } while (token != null);
        return entries;
    }

    private String objectKey(String entryKey) {
        try (InputStream in = backend.getBlob(GetObjectRequest.builder().bucket(bucket).key(entryKey).build())) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read upload journal entry " + bucket + "/" + entryKey + ": "
                    + e.getMessage(), e);
        }
    }

    /** Upload ids are opaque: encoded, so one with a slash or other odd characters stays one key segment. */
    private static String entryKey(String uploadBucket, String uploadId) {
        return uploadBucket + "/" + URLEncoder.encode(uploadId, StandardCharsets.UTF_8);
    }

    private void ensureBucket() {
        if (bucketMade) {
            return;
        }
        if (!backend.containerExists(bucket)) {
            try {
                backend.createContainer(bucket);
            } catch (RuntimeException e) {
                // workers sharing the backend may make it at the same moment
                if (!backend.containerExists(bucket)) {
                    throw e;
                }
            }
        }
        bucketMade = true;
    }
}
