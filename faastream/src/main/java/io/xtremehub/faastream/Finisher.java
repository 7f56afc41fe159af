package io.xtremehub.faastream;

import java.io.Serializable;

/**
 * Turns the merged aggregate of one key into the output of a combining reduce
 * ({@link Pipeline#reduce(KeyFunction, Combiner, Finisher, Serializer)}). It is called once per
 * key: in a batch with the aggregate of the whole input, in a stream with that of one window. A
 * null result emits nothing.
 *
 * @param <K> key type
 * @param <A> aggregate type
 * @param <O> output type
 */
@FunctionalInterface
public interface Finisher<K, A, O> extends Serializable {
    O apply(K key, A aggregate) throws Exception;
}
