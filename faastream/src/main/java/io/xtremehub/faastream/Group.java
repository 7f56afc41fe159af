package io.xtremehub.faastream;

import java.io.Serializable;
import java.util.List;

/**
 * All events with one key that a reducer sees at once: in a batch, every event of the key in the
 * whole input; in a stream, the events of the key that arrived within one window.
 *
 * <p>Stream windows are processing-time and aligned on the wall clock: window {@code n} ends at
 * {@code n * window} milliseconds since the epoch on every worker of the stage, so a key has at most
 * one group per window end, whichever worker reads it (a stage resized or restarted ends its
 * workers' windows at one of those ends).
 *
 * @param key       the group's key
 * @param values    the events, in arrival order
 * @param windowEnd in a stream, the end of the group's window (epoch milliseconds, a multiple of the
 *                  job's window); 0 in a batch and for the groups emitted when a bounded input ends
 * @param <K>       key type
 * @param <V>       event type
 */
public record Group<K, V>(K key, List<V> values, long windowEnd) implements Serializable {
    /** A group outside any window (a batch's, or one built by hand). */
    public Group(K key, List<V> values) {
        this(key, values, 0);
    }
}
