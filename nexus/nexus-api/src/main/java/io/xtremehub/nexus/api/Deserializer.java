package io.xtremehub.nexus.api;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.Consumer;

/**
 * Turns the bytes of a chunk into typed records for an {@link EventStreamlet}.
 *
 * @param <T> record type
 */
@FunctionalInterface
public interface Deserializer<T> {
    /**
     * Reads the chunk and hands each record to {@code sink}, in order. A record cut by the chunk
     * boundary may be dropped or handed over partially, as the format allows.
     */
    void deserializeChunk(InputStream chunk, Consumer<? super T> sink) throws IOException;
}
