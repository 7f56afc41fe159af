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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
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
 * The tags of objects, kept in the backend beside them: one small sidecar blob per tagged object in a
 * bucket of its own ({@code <tagBucket>/<bucket>/<key>.tags}) that S3 clients cannot address, so it
 * works the same on every backend and survives restarts. A sidecar holds the client's tags and the
 * streamlet context of one version of the object, named by the write id in that version's marker
 * (none for an object no pipeline wrote). Both count only while the object still carries that write
 * id, so overwriting a marked object needs no sidecar work at all: its new write id leaves the old
 * version's tags and context behind (they are replaced or deleted with the next ones).
 *
 * <p>Updates are read-modify-write under a per-key lock of this worker. The context is written after
 * the PUT was acknowledged, on a background thread ({@link #writeContextLater}); a read on this worker
 * first waits for a pending context write of the same object.
 */
public final class TagStore implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TagStore.class);
    private static final String SUFFIX = ".tags";
    private static final long PENDING_WAIT_SECONDS = 10;

    private final BlobStore backend;
    private final String bucket;
    private final ReentrantLock[] locks = new ReentrantLock[64];
    private final Map<String, CompletableFuture<Void>> pending = new ConcurrentHashMap<>();
    // single-threaded writers chosen by key: the context writes of one object land in PUT order
    private final ExecutorService[] writers = new ExecutorService[2];

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
        for (int i = 0; i < writers.length; i++) {
            writers[i] = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "nexus-context-tags");
                t.setDaemon(true);
                return t;
            });
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

    /** The tags of an object (none if it has no sidecar). Waits for a pending context write first. */
    public Stored read(String objectBucket, String key) {
        awaitPending(objectBucket, key);
        return load(sidecar(objectBucket, key));
    }

    /**
     * Replaces the client's tags of an object version, keeping its context.
     *
     * @param writeId the write id in the version's marker, or null if it has none
     */
    public void replaceUser(String objectBucket, String key, String writeId, TagSet tags) {
        String sidecar = sidecar(objectBucket, key);
        ReentrantLock lock = lockFor(sidecar);
        lock.lock();
        try {
            if (tags.isEmpty() && !exists(sidecar)) {
                return; // a PUT without tags over an untagged object: one metadata lookup
            }
            Stored current = load(sidecar);
            boolean sameVersion = Objects.equals(current.writeId(), writeId);
            if (sameVersion && current.user().equals(tags)) {
                return;
            }
            store(sidecar, new Stored(tags, writeId, sameVersion ? current.context() : Map.of()));
        } finally {
            lock.unlock();
        }
    }

    /**
     * Stores the context of the PUT with this write id in the background, after the object was
     * acknowledged; keeps the client's tags. A failure is logged: the object stays readable, only its
     * context is missing.
     */
    public void writeContextLater(String objectBucket, String key, String writeId, Map<String, String> context) {
        String sidecar = sidecar(objectBucket, key);
        CompletableFuture<Void> done = new CompletableFuture<>();
        pending.put(sidecar, done);
        try {
            writers[Math.floorMod(sidecar.hashCode(), writers.length)].execute(() -> {
                try {
                    writeContext(sidecar, writeId, context);
                } catch (RuntimeException e) {
                    LOG.warn("context of {}/{} was not stored as tags: {}", objectBucket, key, e.toString());
                } finally {
                    pending.remove(sidecar, done);
                    done.complete(null);
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            pending.remove(sidecar, done);
            done.complete(null);
            LOG.warn("context of {}/{} was not stored as tags: Nexus is shutting down", objectBucket, key);
        }
    }

    private void writeContext(String sidecar, String writeId, Map<String, String> context) {
        ReentrantLock lock = lockFor(sidecar);
        lock.lock();
        try {
            Stored current = load(sidecar);
            store(sidecar, new Stored(current.userOf(writeId), writeId, context));
        } finally {
            lock.unlock();
        }
    }

    /**
     * Keeps the tags a multipart upload was started with ({@code x-amz-tagging} on
     * CreateMultipartUpload) until it is completed or aborted, in the backend so that any worker,
     * also after a restart, finds them.
     */
    public void holdForUpload(String uploadId, TagSet tags) {
        store(uploadSidecar(uploadId), new Stored(tags, null, Map.of()));
    }

    /** The tags held for a multipart upload (none if it was started without), no longer held. */
    public TagSet takeForUpload(String uploadId) {
        String sidecar = uploadSidecar(uploadId);
        TagSet held = load(sidecar).user();
        if (!held.isEmpty()) {
            store(sidecar, Stored.NONE);
        }
        return held;
    }

    /** Forgets the tags held for an aborted multipart upload. */
    public void dropForUpload(String uploadId) {
        store(uploadSidecar(uploadId), Stored.NONE);
    }

    /** Deletes the tags of a deleted object. */
    public void delete(String objectBucket, String key) {
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
            LOG.warn("context tags of {}/{} still being written; answering without them", objectBucket, key);
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

    /** Finishes pending context writes (up to a few seconds), then stops. */
    @Override
    public void close() {
        for (ExecutorService writer : writers) {
            writer.shutdown();
        }
        try {
            for (ExecutorService writer : writers) {
                if (!writer.awaitTermination(PENDING_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    LOG.warn("context tags still being written at shutdown were dropped");
                    writer.shutdownNow();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            for (ExecutorService writer : writers) {
                writer.shutdownNow();
            }
        }
    }
}
