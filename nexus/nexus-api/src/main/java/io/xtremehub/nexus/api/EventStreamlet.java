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

    /**
     * Called for each record of a chunk being written, in order, after the byte streamlets ran and
     * before the chunk is stored; throwing refuses the write (nothing is stored).
     */
    void processPutRecord(T record, StreamletContext context) throws StreamletException;

    /**
     * Called once after {@link #processPutRecord} saw the last record of a chunk being written, before
     * the chunk is stored: where a streamlet that judges the chunk as a whole (say, which share of its
     * records is sensitive) labels or routes it, since no single record can tell. Not called when a
     * record was refused. Throwing refuses the write (nothing is stored).
     */
    default void endPutChunk(StreamletContext context) throws StreamletException {
    }

    /**
     * Called for each record of the bytes a GET returns, in order, before the response is sent (Nexus
     * holds those bytes on its disk meanwhile); throwing refuses the read with an S3 error. For a
     * ranged GET the records are those of the range, so the first and last may be cut. The context
     * holds the key/values stored with the object; what is put into it on a GET is not kept. Only
     * streamlets that override this method (and run on GET) make reads wait for it.
     */
    default void processGetRecord(T record, StreamletContext context) throws StreamletException {
    }
}
