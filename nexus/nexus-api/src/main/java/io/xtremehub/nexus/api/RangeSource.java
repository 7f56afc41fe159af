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
}
