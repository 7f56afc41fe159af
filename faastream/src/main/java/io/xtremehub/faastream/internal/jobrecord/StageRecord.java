package io.xtremehub.faastream.internal.jobrecord;

/**
 * One stage in a {@link JobRecord}.
 *
 * @param stage    the stage's index
 * @param workers  its number of worker slots, named 0 to workers-1 (a resize changes it at a commit)
 * @param stateRef the object-store prefix holding its workers' state at the committed epoch, or null
 * @param epochs   its exactly-once progress
 */
public record StageRecord(int stage, int workers, String stateRef, EpochProgress epochs) {
}
