package io.xtremehub.faastream.internal.combine;

/**
 * What crosses the shuffle of a combining reduce: the aggregate of some events of one key, folded by
 * one map-side worker between two flushes.
 *
 * @param key       the key the events share
 * @param aggregate their aggregate, as the combiner built it
 */
public record Partial(Object key, Object aggregate) {
}
