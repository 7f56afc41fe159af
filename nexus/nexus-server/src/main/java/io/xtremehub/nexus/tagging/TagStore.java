package io.xtremehub.nexus.tagging;

import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.BucketAlreadyExistsException;
import software.amazon.awssdk.services.s3.model.BucketAlreadyOwnedByYouException;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * The sidecar blobs that keep, beside each object, its client tags and the streamlet context of the
 * pipeline run that wrote it: one small blob per object in a bucket of its own
 * ({@code <tagBucket>/<bucket>/<key>.tags}) that S3 clients cannot address, so it works the same on
 * every backend and survives restarts. This class is the storage only (format, per-key locks, writes
 * in flight); what the two parts mean and when they are written is {@link ObjectTags} (the client's
 * tags) and {@link ContextTags} (the pipeline context, written after the PUT was acknowledged).
 *
 * <p>A sidecar names the object version it belongs to by the write id in that version's marker (none
 * for an object no pipeline wrote); its contents count only while the object still carries that
 * write id, so overwriting a marked object needs no sidecar work at all. Updates are
 * read-modify-write under a per-key lock of this worker; reads and deletes first wait for a write of
 * the same sidecar still in flight on this worker.
 */
public final class TagStore {
    private static final Logger LOG = LoggerFactory.getLogger(TagStore.class);
    private static final String SUFFIX = ".tags";
    private static final long PENDING_WAIT_SECONDS = 10;

    private final BlobStore backend;
    private final String bucket;
    private final ReentrantLock[] locks = new ReentrantLock[64];
    private final Map<String, CompletableFuture<Void>> pending = new ConcurrentHashMap<>();

    /**
     * What the sidecar of one object holds.
     *
     * @param user the client's tags
     * @param writeId write id of the object version these belong to, or null for an unmarked version
     * @param context the streamlet context of the PUT that wrote that version
     */
    public record Stored(TagSet user, String writeId, Map<String, String> context) {
        static final Stored NONE = new Stored(TagSet.empty(), null, Map.of());

        /** The client's tags, if they belong to the object version with this write id (null: unmarked). */
        public TagSet userOf(String objectWriteId) {
            return Objects.equals(objectWriteId, writeId) ? user : TagSet.empty();
        }

        /** The context, if it belongs to the object version with this write id. */
        public Map<String, String> contextOf(String objectWriteId) {
            return objectWriteId != null && objectWriteId.equals(writeId) ? context : Map.of();
        }

        boolean isEmpty() {
            return user.isEmpty() && context.isEmpty();
        }
    }

    /**
     * @param backend the store objects live in
     * @param tagBucket the bucket sidecars are kept in; created if missing
     */
    public TagStore(BlobStore backend, String tagBucket) {
        this.backend = backend;
        this.bucket = tagBucket;
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new ReentrantLock();
        }
        if (!backend.containerExists(tagBucket)) {
            try {
                backend.createContainer(tagBucket);
            } catch (BucketAlreadyOwnedByYouException | BucketAlreadyExistsException e) {
                // another worker created it meanwhile
            }
        }
    }

    /** The bucket sidecars live in. */
    public String bucket() {
        return bucket;
    }

    /** What the sidecar of an object holds (nothing if it has none). Waits for a write in flight first. */
    public Stored read(String objectBucket, String key) {
        awaitPending(objectBucket, key);
        return load(sidecar(objectBucket, key));
    }

    /**
     * Changes the sidecar of an object under its lock. The change returns its argument to leave the
     * sidecar as it is.
     *
     * @param onlyIfPresent leave an object without a sidecar alone (costs one metadata lookup)
     */
    void update(String objectBucket, String key, boolean onlyIfPresent, UnaryOperator<Stored> change) {
        String sidecar = sidecar(objectBucket, key);
        ReentrantLock lock = lockFor(sidecar);
        lock.lock();
        try {
            if (onlyIfPresent && !exists(sidecar)) {
                return;
            }
            Stored current = load(sidecar);
            Stored next = change.apply(current);
            if (next != current) {
                store(sidecar, next);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Marks a write of the object's sidecar running on another thread: reads and deletes wait for it. */
    void inFlight(String objectBucket, String key, CompletableFuture<Void> done) {
        String sidecar = sidecar(objectBucket, key);
        pending.put(sidecar, done);
        done.whenComplete((ignored, failure) -> pending.remove(sidecar, done));
    }

    /** What is kept for a multipart upload in progress (nothing if none). */
    Stored readUpload(String uploadId) {
        return load(uploadSidecar(uploadId));
    }

    /** Keeps (or with {@link Stored#NONE}, forgets) what a multipart upload in progress needs. */
    void storeUpload(String uploadId, Stored stored) {
        store(uploadSidecar(uploadId), stored);
    }

    /** Deletes the sidecar of a deleted object. */
    void delete(String objectBucket, String key) {
        awaitPending(objectBucket, key);
        String sidecar = sidecar(objectBucket, key);
        ReentrantLock lock = lockFor(sidecar);
        lock.lock();
        try {
            backend.removeBlob(DeleteObjectRequest.builder().bucket(bucket).key(sidecar).build());
        } catch (NoSuchKeyException e) {
            // never tagged
        } finally {
            lock.unlock();
        }
    }

    private void awaitPending(String objectBucket, String key) {
        CompletableFuture<Void> write = pending.get(sidecar(objectBucket, key));
        if (write == null) {
            return;
        }
        try {
            write.get(PENDING_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            LOG.warn("tags of {}/{} still being written; answering without them", objectBucket, key);
        }
    }

    private static String sidecar(String objectBucket, String key) {
        return objectBucket + "/" + key + SUFFIX;
    }

    /** No bucket name starts with an underscore, so these never meet an object's sidecar. */
    private static String uploadSidecar(String uploadId) {
        return "_uploads/" + URLEncoder.encode(uploadId, StandardCharsets.UTF_8) + SUFFIX;
    }

    private ReentrantLock lockFor(String sidecar) {
        return locks[Math.floorMod(sidecar.hashCode(), locks.length)];
    }

    private boolean exists(String sidecar) {
        try {
            return backend.blobMetadata(HeadObjectRequest.builder().bucket(bucket).key(sidecar).build()) != null;
        } catch (NoSuchKeyException e) {
            return false;
        }
    }

    private Stored load(String sidecar) {
        ResponseInputStream<GetObjectResponse> in;
        try {
            in = backend.getBlob(GetObjectRequest.builder().bucket(bucket).key(sidecar).build());
        } catch (NoSuchKeyException e) {
            return Stored.NONE;
        }
        if (in == null) {
            return Stored.NONE;
        }
        try (InputStream body = in) {
            return parse(new String(body.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new TaggingException(500, "InternalError", "tags of " + sidecar + " cannot be read: "
                    + e.getMessage());
        }
    }

    private void store(String sidecar, Stored stored) {
        try {
            if (stored.isEmpty()) {
                backend.removeBlob(DeleteObjectRequest.builder().bucket(bucket).key(sidecar).build());
                return;
            }
            byte[] body = format(stored).getBytes(StandardCharsets.UTF_8);
            backend.putBlob(PutObjectRequest.builder().bucket(bucket).key(sidecar).contentLength((long) body.length)
                    .contentType("text/plain").build(), new java.io.ByteArrayInputStream(body));
        } catch (NoSuchKeyException e) {
            // removing what is not there
        } catch (AwsServiceException e) {
            throw new TaggingException(500, "InternalError", "tags could not be stored in bucket " + bucket + ": "
                    + e.getMessage());
        }
    }

    /** {@code user=<query>}, {@code wid=<id>}, {@code ctx=<query>}, one per line. */
    static String format(Stored s) {
        StringBuilder sb = new StringBuilder("user=").append(s.user().toQuery()).append('\n');
        if (s.writeId() != null) {
            sb.append("wid=").append(s.writeId()).append('\n')
                    .append("ctx=").append(TagSet.query(s.context())).append('\n');
        }
        return sb.toString();
    }

    static Stored parse(String text) {
        Map<String, String> lines = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                lines.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        TagSet user = new TagSet(TagSet.parseQuery(lines.get("user")));
        String wid = lines.get("wid");
        return new Stored(user, wid, wid == null ? Map.of() : TagSet.parseQuery(lines.get("ctx")));
    }
}
