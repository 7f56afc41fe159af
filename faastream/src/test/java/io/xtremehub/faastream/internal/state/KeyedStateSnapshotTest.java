package io.xtremehub.faastream.internal.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Workers' keyed values saved as deltas and merged into a stage's snapshot at commits. */
class KeyedStateSnapshotTest {
    private static final String FIELD = "Totals#count";

    @Test
    void aKeyMovedToAnotherWorkerGoesOnFromTheCommittedValue() throws IOException {
        KeyedValues a = new KeyedValues();
        add(a, "k", 5);
        KeyedStateSnapshot snapshot = KeyedStateSnapshot.of(List.of());
        assertNull(snapshot.apply(deltas("w0", a.changes(FIELD)), 1));
        a.saved(1);
        // after a restart worker w1 gets key k: it starts from the snapshot and adds to it
        KeyedValues b = load(snapshot);
        add(b, "k", 2);
        assertNull(snapshot.apply(deltas("w1", b.changes(FIELD)), 2));
        assertEquals(Map.of("k", 7L), values(snapshot));
    }

    @Test
    void aChangeFromAValueOlderThanTheCommittedOneIsRefusedAndNothingIsApplied() throws IOException {
        KeyedStateSnapshot snapshot = KeyedStateSnapshot.of(List.of());
        KeyedValues stale = load(snapshot);
        KeyedValues current = load(snapshot);
        add(current, "k", 1);
        assertNull(snapshot.apply(deltas("w0", current.changes(FIELD)), 1));
        // w1 still holds k as it was before epoch 1 and changes it with another key in epoch 2
        add(stale, "j", 3);
        add(stale, "k", 10);
        String conflict = snapshot.apply(deltas("w1", stale.changes(FIELD)), 2);
        assertTrue(conflict != null && conflict.contains("committed one is of epoch 1"), conflict);
        assertEquals(Map.of("k", 1L), values(snapshot), "nothing of the refused delta applied");
    }

    @Test
    void twoWorkersChangingOneKeyInOneEpochAreRefused() throws IOException {
        KeyedStateSnapshot snapshot = KeyedStateSnapshot.of(List.of());
        KeyedValues a = load(snapshot);
        KeyedValues b = load(snapshot);
        add(a, "k", 1);
        add(b, "k", 2);
        Map<String, List<KeyedEntry>> both = deltas("w0", a.changes(FIELD));
        both.put("w1", b.changes(FIELD));
        String conflict = snapshot.apply(both, 1);
        assertTrue(conflict != null && conflict.contains("both changed"), conflict);
        assertEquals(Map.of(), values(snapshot));
    }

    @Test
    void aClearedKeyLeavesTheSnapshotAndARestartedWorkerDoesNotSeeIt() throws IOException {
        KeyedStateSnapshot snapshot = KeyedStateSnapshot.of(List.of());
        KeyedValues a = load(snapshot);
        add(a, "k", 1);
        add(a, "j", 1);
        assertNull(snapshot.apply(deltas("w0", a.changes(FIELD)), 1));
        a.saved(1);
        a.enter("k");
        a.remove();
        a.leave();
        assertNull(snapshot.apply(deltas("w0", a.changes(FIELD)), 2));
        assertEquals(Map.of("j", 1L), values(snapshot));
    }

    @Test
    void entriesSurviveTheirObjectStoreForm() throws IOException {
        KeyedValues a = new KeyedValues();
        add(a, "k", 4);
        a.enter("gone");
        a.remove();
        a.leave();
        List<KeyedEntry> decoded = KeyedEntries.decode(KeyedEntries.encode(a.changes(FIELD)));
        assertEquals(2, decoded.size());
        KeyedEntry k = decoded.stream().filter(e -> e.value() != null).findFirst().orElseThrow();
        assertEquals(4L, JavaSerialization.object(k.value()));
        assertEquals("k", JavaSerialization.object(k.key()));
        assertThrows(IOException.class, () -> KeyedEntries.decode(new byte[] {0, 0, 0, 9, 0, 0, 0, 0}));
    }

    @Test
    void aNullValueIsRefusedWithTheWayToDropOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new io.xtremehub.faastream.KeyedState<Long>().update(null));
        assertTrue(e.getMessage().contains("use clear()"), e.getMessage());
    }

    @Test
    void valuesAreReachableOnlyWhileAGroupIsReduced() {
        KeyedValues a = new KeyedValues();
        IllegalStateException e = assertThrows(IllegalStateException.class, a::get);
        assertTrue(e.getMessage().contains("only while the reducer is applied to a group"), e.getMessage());
    }

    private static void add(KeyedValues values, String key, long n) {
        values.enter(key);
        Long now = (Long) values.get();
        values.set(now == null ? n : now + n);
        values.leave();
    }

    private static KeyedValues load(KeyedStateSnapshot snapshot) throws IOException {
        KeyedValues v = new KeyedValues();
        for (KeyedEntry e : snapshot.entries()) {
            v.load(e);
        }
        return v;
    }

    private static Map<String, List<KeyedEntry>> deltas(String slot, List<KeyedEntry> changes) {
        Map<String, List<KeyedEntry>> d = new LinkedHashMap<>();
        d.put(slot, changes);
        return d;
    }

    private static Map<String, Long> values(KeyedStateSnapshot snapshot) throws IOException {
        Map<String, Long> out = new TreeMap<>();
        for (KeyedEntry e : snapshot.entries()) {
            out.put((String) JavaSerialization.object(e.key()), (Long) JavaSerialization.object(e.value()));
        }
        return out;
    }
}
