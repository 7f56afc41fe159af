package io.xtremehub.faastream.internal.state;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A stage's committed keyed state, serialized: every key's value of every
 * {@link io.xtremehub.faastream.KeyedState} field with the epoch that last changed it. The manager
 * applies the workers' deltas of an epoch to it at the epoch's commit, and checks that each change was
 * made from the committed value: a key whose events reached two workers since its last commit (its
 * segment moved) would otherwise keep one worker's stale total.
 */
public final class KeyedStateSnapshot {
    private record Id(String field, ByteBuffer key) {
    }

    private final Map<Id, KeyedEntry> entries = new HashMap<>();

    public static KeyedStateSnapshot of(List<KeyedEntry> committed) {
        KeyedStateSnapshot s = new KeyedStateSnapshot();
        committed.forEach(e -> s.entries.put(id(e), e));
        return s;
    }

    public List<KeyedEntry> entries() {
        return new ArrayList<>(entries.values());
    }

    /**
     * Applies the deltas that the stage's workers saved for {@code epoch}, all or none.
     *
     * @param deltas each slot's changes
     * @return null, or why they cannot be committed together (nothing is applied then)
     */
    public String apply(Map<String, List<KeyedEntry>> deltas, long epoch) {
        Map<Id, String> changedBy = new HashMap<>();
        for (Map.Entry<String, List<KeyedEntry>> slot : deltas.entrySet()) {
            for (KeyedEntry e : slot.getValue()) {
                Id id = id(e);
                String other = changedBy.put(id, slot.getKey());
                if (other != null) {
                    return "workers " + other + " and " + slot.getKey() + " both changed a key of " + e.field()
                            + " in epoch " + epoch;
                }
                KeyedEntry now = entries.get(id);
                long committed = now == null ? 0 : now.version();
                if (committed != e.version()) {
                    return "worker " + slot.getKey() + " changed a key of " + e.field() + " from its value of epoch "
                            + e.version() + ", but the committed one is of epoch " + committed;
                }
            }
        }
        for (List<KeyedEntry> delta : deltas.values()) {
            for (KeyedEntry e : delta) {
                Id id = id(e);
                if (e.value() == null) {
                    entries.remove(id);
                } else {
                    entries.put(id, new KeyedEntry(e.field(), e.key(), e.value(), epoch));
                }
            }
        }
        return null;
    }

    private static Id id(KeyedEntry e) {
        return new Id(e.field(), ByteBuffer.wrap(e.key()));
    }
}
