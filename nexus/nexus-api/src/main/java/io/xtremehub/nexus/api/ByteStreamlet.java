package io.xtremehub.nexus.api;

import java.io.IOException;
import java.io.InputStream;

/**
 * Processes the raw bytes of a chunk as a stream (compression, encryption). Both directions wrap an
 * input stream and return the transformed stream, so a pipeline composes without threads and no
 * object is ever held whole in memory.
 */
public interface ByteStreamlet extends Streamlet {
    /**
     * Transforms the bytes the client wrote into the bytes stored (or handed to the next streamlet).
     * Reading the returned stream to its end must read {@code original} to its end.
     */
    InputStream processPutBytes(InputStream original, StreamletContext context) throws IOException;

    /** Undoes {@link #processPutBytes}: turns the stored bytes back into the bytes written. */
    InputStream processGetBytes(InputStream stored, StreamletContext context) throws IOException;

    /**
     * Whether {@link #processPutBytes} passes on exactly the bytes it reads (it only observes them).
     * Then the stored bytes are the bytes written and there is nothing to undo: Nexus does not call
     * {@link #processGetBytes} or {@link #processGetRange} for them. When every streamlet of a
     * pipeline preserves bytes, Nexus streams straight to the backend instead of spooling the chunk
     * first, and stores the object as written with a marker that records nothing to undo.
     */
    default boolean preservesBytes() {
        return false;
    }

    /**
     * Reads bytes {@code first..last} (inclusive) of what this streamlet received on PUT. The default
     * decodes from the start and skips; seekable formats override it to read only what they need.
     *
     * @param inputLength number of bytes this streamlet received on PUT
     * @param stored what this streamlet produced on PUT
     */
    default InputStream processGetRange(long first, long last, long inputLength, RangeSource stored,
                                        StreamletContext context) throws IOException {
        InputStream all = processGetBytes(stored.open(0, stored.length() - 1), context);
        return Streams.slice(all, first, last - first + 1);
    }
}
