package io.xtremehub.faastream.internal.worker;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a (re)started worker's time goes until its first epoch is closed, logged as two lines (set up, then
 * first epoch): a recovery waits for its slowest worker's sum of both, so this is what to read when one is
 * slow. The first epoch of a fresh JVM runs on cold code, which shows in its steps against a warm one's.
 */
final class StartTimings {
    private static final Logger LOG = LoggerFactory.getLogger(StartTimings.class);

    private final String worker;
    private final long began = System.currentTimeMillis();
    private long setUpBegan;
    private long readingSince;
    private boolean epochLogged;

    /** @param worker the stage's label and the worker's id, as log lines name it */
    StartTimings(String worker) {
        this.worker = worker;
    }

    /** The control and telemetry channels are open: the worker's set-up begins. */
    void channelsOpen() {
        setUpBegan = System.currentTimeMillis();
    }

    long setUpBegan() {
        return setUpBegan;
    }

    /** The worker's set-up is done. */
    void setUp(long restoredMillis, long inputMillis, long outputMillis) {
        long now = System.currentTimeMillis();
        LOG.info("{} set up in {} ms (channels {} ms, then state {} ms; input {} ms beside both; then output {} ms)",
                worker, now - began, setUpBegan - began, restoredMillis, inputMillis, outputMillis);
    }

    /** The worker was told to start and its reader begins reading. */
    void reading() {
        readingSince = System.currentTimeMillis();
    }

    /**
     * The worker closed an epoch whose checkpoint its reader reached at {@code reachedAt}; logged for its
     * first one only.
     *
     * @param events      the events the worker had read before the checkpoint
     * @param processedAt when everything read before the checkpoint was processed
     * @param flushedAt   when the output was flushed
     * @param savedAt     when the state was saved for the epoch
     */
    void epochClosed(long epoch, long events, long reachedAt, long processedAt, long flushedAt, long savedAt) {
        if (epochLogged || readingSince == 0) {
            return;
        }
        epochLogged = true;
        long now = System.currentTimeMillis();
        LOG.info("{} closed its first epoch {} {} ms after it began reading ({} events; checkpoint reached +{} ms, "
                        + "processed +{} ms, flushed +{} ms, state saved +{} ms, reported +{} ms)", worker, epoch,
                now - readingSince, events, reachedAt - readingSince, processedAt - readingSince,
                flushedAt - readingSince, savedAt - readingSince, now - readingSince);
    }
}
