package io.xtremehub.faastream;

import java.io.Serializable;

/**
 * Extracts the grouping or sorting key of an event (for {@link Pipeline#reduce} and
 * {@link Routings}).
 *
 * @param <T> event type
 * @param <K> key type
 */
@FunctionalInterface
public interface KeyFunction<T, K> extends Serializable {
    K keyOf(T event);
}
