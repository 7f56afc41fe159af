package io.xtremehub.nexus.api;

import java.io.IOException;
import java.io.InputStream;

/** Random read access to the bytes a streamlet produced on PUT, as stored below it. */
public interface RangeSource {
    /** Total number of bytes. */
    long length();

    /**
     * Opens the bytes {@code first..last} (both inclusive).
     *
     * @throws IOException if they cannot be read
     */
    InputStream open(long first, long last) throws IOException;

    /**
     * Reads {@code length} bytes at {@code offset} that are the same for as long as the stored object
     * is: a format's header, footer or block index, which a seekable streamlet needs on every ranged
     * read. Nexus answers repeated reads from a bounded cache keyed by the stored object's version
     * (an overwritten object never gets its predecessor's bytes), so a ranged GET of a known object
     * reads only the data it returns from the backend. Read data itself through {@link #open}.
     *
     * @throws IOException if they cannot be read or the bytes end early
     */
    default byte[] readStructure(long offset, int length) throws IOException {
        byte[] buf = new byte[length];
        if (length == 0) {
            return buf;
        }
        try (InputStream in = open(offset, offset + length - 1)) {
            if (Streams.readFully(in, buf, 0, length) != length) {
                throw new java.io.EOFException("stored object ended early at offset " + offset);
            }
        }
        return buf;
    }
}
