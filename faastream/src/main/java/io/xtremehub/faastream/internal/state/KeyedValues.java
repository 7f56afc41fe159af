package io.xtremehub.faastream.internal.state;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A worker's values of one {@link io.xtremehub.faastream.KeyedState} field: every key's, as committed
 * when the worker started, with the changes of its own groups since. Reads and writes go to the key
 * of the group being reduced; each key touched in an epoch is remembered with the version it was
 * touched from, so that the epoch's commit can check nobody else changed it meanwhile.
 */
public final class KeyedValues {
    private record Versioned(Object value, long version) {
    }

    private final Map<Object, Versioned> values = new HashMap<>();
    /** Keys touched since the last save, with the version each had when first touched (0: none). */
    private final Map<Object, Long> touched = new HashMap<>();
    private Object current;
    private boolean inGroup;

    /** The reducer is about to get the group of {@code key}. */
    public void enter(Object key) {
        current = key;
        inGroup = true;
    }

    public void leave() {
        current = null;
        inGroup = false;
    }

    public Object get() {
        touch();
        Versioned v = values.get(current);
        return v == null ? null : v.value;
    }

    public void set(Object value) {
        touch();
        Versioned old = values.get(current);
        values.put(current, new Versioned(value, old == null ? 0 : old.version));
    }

    public void remove() {
        touch();
        values.remove(current);
    }

    private void touch() {
        if (!inGroup) {
            throw new IllegalStateException("KeyedState is read and written only while the reducer is applied to a "
                    + "group: it holds the value of that group's key");
        }
        if (!touched.containsKey(current)) {
            Versioned v = values.get(current);
            touched.put(current, v == null ? 0L : v.version);
        }
    }

    /** The keys touched since the last save: their values now (null when dropped) and the versions they were touched from. */
    public List<KeyedEntry> changes(String field) {
        List<KeyedEntry> out = new ArrayList<>(touched.size());
        touched.forEach((key, from) -> {
            Versioned v = values.get(key);
            out.add(new KeyedEntry(field, JavaSerialization.bytes(key),
                    v == null ? null : JavaSerialization.bytes(v.value), from));
        });
        return out;
    }

    /** The changes are saved for {@code epoch}: once committed, that is their version. */
    public void saved(long epoch) {
        touched.forEach((key, from) -> {
            Versioned v = values.get(key);
            if (v != null) {
                values.put(key, new Versioned(v.value, epoch));
            }
        });
        touched.clear();
    }

    /** Forgets every value (before a reload); nothing may be touched and unsaved then. */
    public void clear() {
        if (!touched.isEmpty()) {
            throw new IllegalStateException(touched.size() + " keys were changed and not saved");
        }
        values.clear();
    }

    /** Takes one saved value (a worker starting); nothing is touched then. */
    public void load(KeyedEntry e) throws IOException {
        values.put(JavaSerialization.object(e.key()), new Versioned(JavaSerialization.object(e.value()), e.version()));
    }
}
