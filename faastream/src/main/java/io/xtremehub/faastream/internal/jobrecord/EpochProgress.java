package io.xtremehub.faastream.internal.jobrecord;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Where an exactly-once stage stands in its epochs, as its transaction coordinator last recorded it.
 *
 * @param generation       the recovery generation whose workers run now (their worker ids end in it)
 * @param committedEpoch   the last committed epoch (0 before the first commit)
 * @param nextEpoch        the number the next checkpoint takes; numbers are never reused
 * @param checkpoint       the reader-group checkpoint of the committed epoch, or null before the first commit
 * @param positions        the read positions of that checkpoint: scoped stream name to stream cut text
 * @param committing       the committed epoch's transaction: a recovering manager commits it if it is still
 *                         open (the record is written just before the commit); null when there is none
 * @param committingDeadLetters the transaction of the dead-letter stream that holds the committed epoch's
 *                         dead letters, committed with it; null when there is none
 * @param openTransactions transactions begun but not committed, to abort on recovery
 */
public record EpochProgress(long generation, long committedEpoch, long nextEpoch, String checkpoint,
                            Map<String, String> positions, UUID committing, UUID committingDeadLetters,
                            List<UUID> openTransactions) {
    public EpochProgress {
        positions = positions == null ? Map.of() : Map.copyOf(positions);
        openTransactions = openTransactions == null ? List.of() : List.copyOf(openTransactions);
    }

    /** A stage that has not begun an epoch yet. */
    public static EpochProgress initial() {
        return new EpochProgress(0, 0, 1, null, Map.of(), null, null, List.of());
    }
}
