package io.xtremehub.faastream;

/**
 * One telemetry report of one worker, sent every few hundred milliseconds through the stage's
 * telemetry stream.
 *
 * @param stage            index of the stage (0-based)
 * @param worker           worker id
 * @param queueSize        events read but not yet processed
 * @param eventsIn         events read so far
 * @param eventsOut        events written so far
 * @param processingNanos  time spent in the user function so far
 * @param readNanos        time spent waiting on reads so far
 * @param timestampMillis  when the report was made
 */
public record WorkerStats(int stage, String worker, int queueSize, long eventsIn, long eventsOut,
                          long processingNanos, long readNanos, long timestampMillis) {
}
