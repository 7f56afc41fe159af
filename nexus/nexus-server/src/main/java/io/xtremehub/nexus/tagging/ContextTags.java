package io.xtremehub.nexus.tagging;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code StreamletContext} a pipeline run leaves on the object it wrote, kept in the object's
 * sidecar ({@link TagStore}) and shown to clients as read-only tags {@code nexus:<key>}. It is not
 * needed to read the object back (the marker is), so it is written in the background after the PUT
 * was acknowledged; a read on this worker first waits for a write of the same object still in flight.
 */
public final class ContextTags implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ContextTags.class);
    private static final long CLOSE_WAIT_SECONDS = 10;

    private final TagStore store;
    // single-threaded writers chosen by key: the context writes of one object land in PUT order
    private final ExecutorService[] writers = new ExecutorService[2];

    /** @param store the sidecars */
    public ContextTags(TagStore store) {
        this.store = store;
        for (int i = 0; i < writers.length; i++) {
            writers[i] = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "nexus-context-tags");
                t.setDaemon(true);
                return t;
            });
        }
    }

    /** The context of the object version with this write id (empty if it has none or was overwritten). */
    public Map<String, String> of(String bucket, String key, String writeId) {
        return store.read(bucket, key).contextOf(writeId);
    }

    /**
     * Stores the context of the PUT with this write id in the background, keeping the client's tags of
     * that version. A failure is logged: the object stays readable, only its context is missing.
     */
    public void writeLater(String bucket, String key, String writeId, Map<String, String> context) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        store.inFlight(bucket, key, done);
        try {
            writers[Math.floorMod((bucket + "/" + key).hashCode(), writers.length)].execute(() -> {
                try {
                    store.update(bucket, key, false,
                            current -> new TagStore.Stored(current.userOf(writeId), writeId, context));
                } catch (RuntimeException e) {
                    LOG.warn("context of {}/{} was not stored as tags: {}", bucket, key, e.toString());
                } finally {
                    done.complete(null);
                }
            });
        } catch (RejectedExecutionException e) {
            done.complete(null);
            LOG.warn("context of {}/{} was not stored as tags: Nexus is shutting down", bucket, key);
        }
    }

    /** Deletes the sidecar of a routed chunk's data object, which holds only its context. */
    public void delete(String bucket, String key) {
        store.delete(bucket, key);
    }

    /** Finishes pending context writes (up to a few seconds), then stops. */
    @Override
    public void close() {
        for (ExecutorService writer : writers) {
            writer.shutdown();
        }
        try {
            for (ExecutorService writer : writers) {
                if (!writer.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
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
