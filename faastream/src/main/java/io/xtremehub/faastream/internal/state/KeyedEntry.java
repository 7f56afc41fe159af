package io.xtremehub.faastream.internal.state;

/**
 * One key's value of one {@link io.xtremehub.faastream.KeyedState} field, serialized. In a stage's
 * committed snapshot {@code version} is the epoch that last changed it; in a worker's delta it is the
 * version the worker changed (0: the key had no value), which the commit checks.
 *
 * @param field   the field, as {@code class#name}
 * @param key     the serialized key
 * @param value   the serialized value, or null when the worker dropped it
 * @param version see above
 */
public record KeyedEntry(String field, byte[] key, byte[] value, long version) {
}
