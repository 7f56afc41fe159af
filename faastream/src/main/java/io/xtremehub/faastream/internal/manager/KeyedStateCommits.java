package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.state.KeyedEntries;
import io.xtremehub.faastream.internal.state.KeyedEntry;
import io.xtremehub.faastream.internal.state.KeyedStateSnapshot;
import io.xtremehub.faastream.internal.wire.JobNames;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The manager's half of a reduce stage's {@code KeyedState}: at each epoch's commit, merges the changes
 * every worker saved for the epoch into the stage's committed values and writes them for the epoch,
 * before the commit is recorded, so that a worker restarting from any committed epoch finds them (and a
 * manager that resumes the stage reads them back). Changes that were not made from the committed
 * values (a key's segment moved between workers since) make the checkpoint unusable: the stage rolls
 * back rather than commit a stale total.
 */
final class KeyedStateCommits {
    private final ObjectStore store;
    private final String bucket;
    private final JobNames names;
    private final int stage;
    /** The values as of {@link #epoch}; loaded from the store when a commit finds another epoch. */
    private KeyedStateSnapshot committed;
    private long epoch = -1;

    KeyedStateCommits(ObjectStore store, String bucket, JobNames names, int stage) {
        this.store = store;
        this.bucket = bucket;
        this.names = names;
        this.stage = stage;
    }

    /**
     * Commits the changes of {@code slots} for {@code next} on top of the values of {@code previous}.
     *
     * @throws StageTransactionCoordinator.UnusableCheckpointException when a slot's changes are missing or
     *                                                                 were made from values not committed
     */
    void commit(long previous, long next, Set<String> slots) {
        KeyedStateSnapshot base = snapshotOf(previous);
        Map<String, List<KeyedEntry>> deltas = new LinkedHashMap<>();
        for (String slot : new TreeSet<>(slots)) {
            String key = names.keyedDeltaKey(stage, next, slot);
            byte[] delta = store.getIfExists(bucket, key);
            if (delta == null) {
                throw unusable("worker " + slot + " saved no keyed state for epoch " + next);
            }
            deltas.put(slot, decode(delta, key));
        }
        String conflict = base.apply(deltas, next);
        if (conflict != null) {
            // nothing was applied; the copy in memory is still the previous epoch's
            throw unusable(conflict);
        }
        epoch = -1; // the copy in memory holds the next epoch's values, not stored yet
        if (previous > 0 && deltas.values().stream().allMatch(List::isEmpty)) {
            // nothing changed (most epochs of a stage between window ends): copied in the store, not uploaded again
            store.copy(bucket, names.keyedStateKey(stage, previous), bucket, names.keyedStateKey(stage, next));
        } else {
            store.put(bucket, names.keyedStateKey(stage, next), KeyedEntries.encode(base.entries()));
        }
        epoch = next;
    }

    private KeyedStateSnapshot snapshotOf(long previous) {
        if (epoch != previous) {
            committed = previous == 0 ? KeyedStateSnapshot.of(List.of())
                    : KeyedStateSnapshot.of(decode(store.get(bucket, names.keyedStateKey(stage, previous)),
                    names.keyedStateKey(stage, previous)));
            epoch = previous;
        }
        return committed;
    }

    private static List<KeyedEntry> decode(byte[] body, String key) {
        try {
            return KeyedEntries.decode(body);
        } catch (IOException e) {
            throw unusable("unreadable keyed state at " + key + ": " + e.getMessage());
        }
    }

    private static StageTransactionCoordinator.UnusableCheckpointException unusable(String why) {
        return new StageTransactionCoordinator.UnusableCheckpointException("keyed state: " + why);
    }
}
