package io.xtremehub.faastream.internal.wire;

import java.util.List;

/**
 * Worker to manager, through the stage's telemetry stream. STATS reports double as heartbeats.
 *
 * @param endSegments   ids of the input segments whose end marker this worker has read
 * @param partitions    routing partitions (segment ranks) this worker has read data of
 * @param bytesRead     bounded sources: bytes of the assigned splits read so far
 * @param bytesTotal    bounded sources: bytes of the assigned splits
 * @param error         FAILED: the one-line reason
 * @param checkpointEpoch CHECKPOINTED, HANDING_OFF: the exactly-once epoch whose state and output this worker has saved;
 *                  ROLLED_BACK: the epoch its last window and state went into when it stopped for a resize of its
 *                  keyed stage (its reader closed where it got to), 0 when it dropped everything since the last commit
 * @param windowEndPosition at-least-once keyed streaming stages: the worker's reader position right after the
 *                  events of the last window it emitted and flushed ({@code Position.toBytes}), or null
 *                  before its first; the manager resumes a lost worker's segments there
 * @param pid           the process the worker runs in (a manager that adopts a worker of its predecessor's
 *                  process stops it by it), 0 in reports written before it was added
 */
public record Telemetry(Type type, int stage, String worker, String slot, int queueSize, long eventsIn,
                        long eventsOut, long processingNanos, long readNanos, long deadLettered, long bytesRead,
                        long bytesTotal, List<Long> endSegments, List<Integer> partitions, String error,
                        long timestampMillis, long checkpointEpoch, byte[] windowEndPosition, long pid) {
    /**
     * The same report stamped at {@code millis}: a sign of life from a worker whose processing thread is
     * busy in one long call (its counters have not moved).
     */
    public Telemetry at(long millis) {
        return new Telemetry(type, stage, worker, slot, queueSize, eventsIn, eventsOut, processingNanos, readNanos,
                deadLettered, bytesRead, bytesTotal, endSegments, partitions, error, millis, checkpointEpoch,
                windowEndPosition, pid);
    }

    /** Report kinds. */
    public enum Type {
        /** The worker's reader is registered; it waits for GO. */
        READY,
        /** Periodic metrics and heartbeat. */
        STATS,
        /** Finished: everything it read is processed and written. */
        DONE,
        /** Handed off before a platform time limit; a successor continues in the same slot. */
        HANDOFF,
        /** Failed; the job fails unless events are dead-lettered. */
        FAILED,
        /**
         * Exactly-once: everything read before the epoch's reader-group checkpoint is written to the
         * epoch's transaction and flushed, and the @State fields are saved for that epoch.
         */
        CHECKPOINTED,
        /**
         * Exactly-once: CHECKPOINTED for {@code checkpointEpoch}, and this Lambda invocation stops there, near
         * its time limit, without reading past the checkpoint. The slot's next invocation, worker
         * {@link WorkerLaunch#handOffWorkerId}, restores that epoch's state and goes on from its positions.
         */
        HANDING_OFF,
        /**
         * Exactly-once, after a ROLL_BACK (or a keyed worker's STOP for a resize, see
         * {@code checkpointEpoch}): this worker no longer reads, writes or holds a reader, and waits for
         * its RESTART (repeated as its heartbeat while it waits).
         */
        ROLLED_BACK
    }
}
