package io.xtremehub.nexus.backend;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Aborts the multipart uploads a worker killed mid-upload left open: those in the {@link
 * UploadJournal} last recorded longer than {@code abandonedAfter} ago. A live worker records its
 * upload again before each part, so the age must exceed the longest a part takes to come in from
 * the client and go out to the backend (an upload stalled longer is aborted and fails; its client
 * was never acknowledged). It sweeps when started, then every {@code every}, on
 * a daemon thread of its own. Uploads a user started directly in the backend are not in the journal
 * and are never touched.
 */
public final class AbandonedUploadSweeper implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AbandonedUploadSweeper.class);

    private final BlobStore backend;
    private final UploadJournal journal;
    private final Duration abandonedAfter;
    private ScheduledExecutorService timer; // null until started

    private AbandonedUploadSweeper(BlobStore backend, UploadJournal journal, Duration abandonedAfter) {
        this.backend = backend;
        this.journal = journal;
        this.abandonedAfter = abandonedAfter;
    }

    /** A sweeper that sweeps only when {@link #sweep} is called. */
    static AbandonedUploadSweeper idle(BlobStore backend, UploadJournal journal, Duration abandonedAfter) {
        return new AbandonedUploadSweeper(backend, journal, abandonedAfter);
    }

    /**
     * Sweeps now (on its thread), then every {@code every}.
     *
     * @throws IllegalArgumentException if the age is negative or the period not positive
     */
    public static AbandonedUploadSweeper start(BlobStore backend, UploadJournal journal, Duration abandonedAfter,
                                               Duration every) {
        if (Objects.requireNonNull(abandonedAfter, "abandonedAfter").isNegative()) {
            throw new IllegalArgumentException("the age of an abandoned upload must not be negative, not "
                    + abandonedAfter);
        }
        if (every.isZero() || every.isNegative()) {
            throw new IllegalArgumentException("the upload sweep period must be positive, not " + every);
        }
        AbandonedUploadSweeper sweeper = new AbandonedUploadSweeper(backend, journal, abandonedAfter);
        sweeper.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "nexus-upload-sweeper");
            t.setDaemon(true);
            return t;
        });
        sweeper.timer.scheduleWithFixedDelay(sweeper::sweepLogged, 0, every.toMillis(), TimeUnit.MILLISECONDS);
        return sweeper;
    }

    private void sweepLogged() {
        try {
            int aborted = sweep();
            if (aborted > 0) {
                LOG.info("aborted {} multipart upload(s) that stopped workers left open in the backend", aborted);
            }
        } catch (RuntimeException e) {
            LOG.warn("sweeping abandoned multipart uploads (journal bucket {}) failed, tried again later: {}",
                    journal.bucket(), e.toString());
        }
    }

    /** Aborts the journal's uploads silent for longer than the age; returns how many were still open. */
    int sweep() {
        int aborted = 0;
        for (UploadJournal.Entry e : journal.recordedBefore(Instant.now().minus(abandonedAfter))) {
            if (abort(e)) {
                aborted++;
            }
        }
        return aborted;
    }

    /** Aborts one upload and forgets it; true if it was still open. An upload that ended already is just forgotten. */
    private boolean abort(UploadJournal.Entry e) {
        try {
            backend.abortMultipartUpload(e.upload());
            journal.forget(e.bucket(), e.uploadId());
            return true;
        } catch (RuntimeException failed) {
            if (stillOpen(e)) {
                LOG.warn("abandoned multipart upload {} of {}/{} could not be aborted, tried again later: {}",
                        e.uploadId(), e.bucket(), e.key(), failed.toString());
                return false;
            }
            journal.forget(e.bucket(), e.uploadId()); // completed or aborted, or its bucket is gone
            return false;
        }
    }

    private boolean stillOpen(UploadJournal.Entry e) {
        if (!backend.containerExists(e.bucket())) {
            return false;
        }
        return backend.listMultipartUploads(e.bucket()).stream().anyMatch(u -> u.uploadId().equals(e.uploadId()));
    }

    /** Stops sweeping (a sweep under way is interrupted). */
    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
