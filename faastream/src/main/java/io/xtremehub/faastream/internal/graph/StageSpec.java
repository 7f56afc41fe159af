package io.xtremehub.faastream.internal.graph;

import io.xtremehub.faastream.KeyFunction;
import io.xtremehub.faastream.Routing;
import io.xtremehub.faastream.Serializer;
import java.io.Serializable;

/**
 * One pipeline stage: the user function, how its output is serialized and routed to the next
 * stage, and how many workers run it at the start.
 *
 * @param function a Transformer (MAP, FLAT_MAP, REDUCE) or a Filter (FILTER)
 * @param key      the grouping key for REDUCE, else null
 * @param routing  how this stage's output is routed into the next stage's segments, or null
 */
public record StageSpec(Kind kind, String name, Object function, KeyFunction<?, ?> key,
                        Serializer<?> outputSerializer, Routing<?> routing, int parallelism)
        implements Serializable {
    /** Step kinds. */
    public enum Kind { MAP, FILTER, FLAT_MAP, REDUCE }

    public StageSpec withRouting(Routing<?> r) {
        return new StageSpec(kind, name, function, key, outputSerializer, r, parallelism);
    }

    public StageSpec withParallelism(int p) {
        return new StageSpec(kind, name, function, key, outputSerializer, routing, p);
    }

    public StageSpec withName(String n) {
        return new StageSpec(kind, n, function, key, outputSerializer, routing, parallelism);
    }

    public boolean keyed() {
        return kind == Kind.REDUCE;
    }
}
