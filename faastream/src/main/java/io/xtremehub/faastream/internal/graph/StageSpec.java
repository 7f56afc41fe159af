package io.xtremehub.faastream.internal.graph;

import io.xtremehub.faastream.KeyFunction;
import io.xtremehub.faastream.Routing;
import io.xtremehub.faastream.Serializer;
import java.io.Serializable;

/**
 * One pipeline stage: the user function, how its output is serialized and routed to the next
 * stage, and how many workers run it at the start.
 *
 * @param function a Transformer (MAP, FLAT_MAP, REDUCE), a Filter (FILTER) or a SortOrder (SORT)
 * @param key      the grouping key for REDUCE, else null
 * @param routing  how this stage's output is routed into the next stage's segments, or null
 * @param combine  map-side combining of this stage's output before a combining reduce, or null
 */
public record StageSpec(Kind kind, String name, Object function, KeyFunction<?, ?> key,
                        Serializer<?> outputSerializer, Routing<?> routing, int parallelism, CombineSpec combine)
        implements Serializable {
    /** Step kinds. */
    public enum Kind { MAP, FILTER, FLAT_MAP, REDUCE, SORT }

    public StageSpec withRouting(Routing<?> r) {
        return new StageSpec(kind, name, function, key, outputSerializer, r, parallelism, combine);
    }

    public StageSpec withParallelism(int p) {
        return new StageSpec(kind, name, function, key, outputSerializer, routing, p, combine);
    }

    public StageSpec withName(String n) {
        return new StageSpec(kind, n, function, key, outputSerializer, routing, parallelism, combine);
    }

    /** This stage folding its output per key: it then emits partials with {@code partials} instead. */
    public StageSpec withCombine(CombineSpec c, Serializer<?> partials, Routing<?> r) {
        return new StageSpec(kind, name, function, key, partials, r, parallelism, c);
    }

    /**
     * Whether the stage holds its whole input (key groups, or events to sort) until it ends: it runs
     * one worker per input segment, and a worker's input cannot move to another worker.
     */
    public boolean keyed() {
        return kind == Kind.REDUCE || kind == Kind.SORT;
    }
}
