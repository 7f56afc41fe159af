package io.xtremehub.faastream;

/**
 * Per-stage metrics, aggregated from the workers' telemetry.
 *
 * @param stage             stage index
 * @param name              stage name
 * @param workers           live workers
 * @param partitions        segments of the stage's input stream (0 for a bucket source)
 * @param eventsIn          events read
 * @param eventsOut         events written
 * @param queueLength       events queued in the workers now
 * @param meanProcessingMicros mean time in the user function per event
 * @param lagBytes          bytes of the input stream not yet read (-1 when unknown)
 * @param deadLettered      events sent to the dead-letter stream
 * @param done              whether the stage has finished (batch)
 * @param epochsCommitted   exactly-once: epochs whose output the stage committed (0 otherwise)
 * @param epochsAborted     exactly-once: epochs whose output was discarded by a roll-back (0 otherwise)
 */
public record StageMetrics(int stage, String name, int workers, int partitions, long eventsIn, long eventsOut,
                           long queueLength, double meanProcessingMicros, long lagBytes, long deadLettered,
                           boolean done, long epochsCommitted, long epochsAborted) {
}
