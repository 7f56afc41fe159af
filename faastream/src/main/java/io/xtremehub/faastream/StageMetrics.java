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
 * @param epochsAborted     exactly-once: epochs whose output was discarded by a roll-back (0 otherwise); a
 *                          roll-back with no transaction open (right after a commit) adds nothing, so this is
 *                          no count of roll-backs: {@code rollBacks} is
 * @param rollBacks         exactly-once: how many times this manager rolled the stage back to its last commit,
 *                          whatever the reason (a lost worker, a failed or unusable checkpoint, a resize, the
 *                          resume of the job by a new manager); 0 otherwise. A stage that reads fixed splits
 *                          (a bucket, or a stream in a batch) is never rolled back: a lost worker's attempt is
 *                          aborted and redone, counted in {@code epochsAborted}. A manager that resumes a job
 *                          starts counting at 0 (the job record does not carry the count), and the resume is
 *                          itself a roll-back of every stage: 1 right after it
 */
public record StageMetrics(int stage, String name, int workers, int partitions, long eventsIn, long eventsOut,
                           long queueLength, double meanProcessingMicros, long lagBytes, long deadLettered,
                           boolean done, long epochsCommitted, long epochsAborted, long rollBacks) {
}
