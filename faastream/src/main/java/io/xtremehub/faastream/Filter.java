package io.xtremehub.faastream;

import java.io.Serializable;

/**
 * A serializable predicate for {@link Pipeline#filter}: events for which it returns false are
 * not passed on.
 *
 * @param <T> event type
 */
@FunctionalInterface
public interface Filter<T> extends Serializable {
    boolean test(T event) throws Exception;
}
