package io.xtremehub.nexus.api;

import java.io.IOException;

/**
 * A streamlet refused or failed to process a chunk. Nexus answers the storage request with an S3
 * error carrying this message and writes nothing.
 */
public class StreamletException extends IOException {
    private static final long serialVersionUID = 1L;

    /** With a one-line message saying what was wrong. */
    public StreamletException(String message) {
        super(message);
    }

    /** With a one-line message and the cause. */
    public StreamletException(String message, Throwable cause) {
        super(message, cause);
    }
}
