package io.xtremehub.faastream;

import io.xtremehub.faastream.internal.state.KeyedValues;
import java.io.Serializable;

/**
 * State kept per key by a reducer: a field of this type in the {@link Transformer} of a
 * {@link Pipeline#reduce(KeyFunction, Transformer, Serializer) reduce}, marked {@link State}, holds
 * one value for every key, and while the reducer is applied to a {@link Group} it reads and writes the
 * value of that group's key. A running total per key is then right whatever worker a key's events
 * reach: the values are saved with every exactly-once epoch, merged for the whole stage when the
 * epoch commits, and every worker of a restarted or resized stage starts from the committed values of
 * all keys.
 *
 * <pre>{@code
 * class RunningTotal implements Transformer<Group<String, Long>, String> {
 *     @State KeyedState<Long> total = new KeyedState<>();
 *
 *     public String apply(Group<String, Long> g) {
 *         long t = total.valueOr(0L) + g.values().stream().mapToLong(Long::longValue).sum();
 *         total.update(t);
 *         return g.key() + " " + t;
 *     }
 * }
 * }</pre>
 *
 * <p>Only exactly-once streaming jobs on threads or local processes take it (see
 * {@code JobOptions.Builder#exactlyOnce}); a job that uses it otherwise (at-least-once, batch, Lambda
 * workers that hand off), or outside a reducer, is refused before it starts. Keys and values travel with Java
 * serialization: they must be {@link Serializable}, and a key must serialize to the same bytes
 * wherever it is made (strings, numbers, enums and records of them do). A value read or written while
 * a group is reduced is saved with the epoch: changing a value object in place is kept, too.
 *
 * @param <V> the value type
 */
public final class KeyedState<V> implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The values of this worker; made afresh in each worker, filled by the runtime. */
    private transient KeyedValues values;

    /** The value of the current group's key, or null when it has none. */
    @SuppressWarnings("unchecked")
    public V value() {
        return (V) values().get();
    }

    /** The value of the current group's key, or {@code absent} when it has none. */
    public V valueOr(V absent) {
        V v = value();
        return v == null ? absent : v;
    }

    /** Sets the value of the current group's key (not null: use {@link #clear}). */
    public void update(V value) {
        if (value == null) {
            throw new IllegalArgumentException("KeyedState.update(null): use clear() to drop a key's value");
        }
        values().set(value);
    }

    /** Drops the value of the current group's key. */
    public void clear() {
        values().remove();
    }

    private KeyedValues values() {
        if (values == null) {
            values = new KeyedValues();
        }
        return values;
    }
}
