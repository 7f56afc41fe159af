package io.xtremehub.faastream;

import java.io.Serializable;
import java.util.List;

/**
 * All events with one key that a reducer sees at once: in a batch, every event of the key in the
 * whole input; in a stream, the events of the key that arrived within one window.
 *
 * @param key    the group's key
 * @param values the events, in arrival order
 * @param <K>    key type
 * @param <V>    event type
 */
public record Group<K, V>(K key, List<V> values) implements Serializable {
}
