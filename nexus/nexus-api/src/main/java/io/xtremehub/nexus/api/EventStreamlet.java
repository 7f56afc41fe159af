package io.xtremehub.nexus.api;

/**
 * Looks at the records of a chunk (AI inference, annotation, content routing). It cannot change
 * the bytes: it reads records and writes to the {@link StreamletContext} (labels, a route).
 *
 * @param <T> record type
 */
public interface EventStreamlet<T> extends Streamlet {
    /** How the chunk's bytes become records. */
    Deserializer<T> deserializer();

    /** Called for each record of a chunk being written, in order. */
    void processPutRecord(T record, StreamletContext context) throws StreamletException;

    /** Called for each record of a chunk being read, in order. */
    default void processGetRecord(T record, StreamletContext context) throws StreamletException {
    }
}
