package io.xtremehub.faastream.internal.graph;

import io.xtremehub.faastream.Combiner;
import io.xtremehub.faastream.KeyFunction;
import java.io.Serializable;

/**
 * Map-side combining on a stage before a combining reduce: its results are folded per {@code key}
 * with {@code combiner} and leave the stage as partial aggregates instead of one event each.
 */
public record CombineSpec(KeyFunction<?, ?> key, Combiner<?, ?> combiner) implements Serializable {
}
