package io.xtremehub.faastream;

import java.io.Serializable;
import java.util.Comparator;

/**
 * The order a {@link Pipeline#sortBy} step sorts its events in: a comparator that travels to the
 * workers with the pipeline.
 *
 * @param <T> the events compared
 */
@FunctionalInterface
public interface SortOrder<T> extends Comparator<T>, Serializable {
    /** Ascending order of a comparable key of each event. */
    static <T, K extends Comparable<? super K>> SortOrder<T> byKey(KeyFunction<? super T, K> key) {
        return (a, b) -> key.keyOf(a).compareTo(key.keyOf(b));
    }
}
