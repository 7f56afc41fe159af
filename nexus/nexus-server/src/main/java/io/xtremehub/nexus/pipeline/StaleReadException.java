package io.xtremehub.nexus.pipeline;

import java.io.IOException;

/**
 * A read of a remembered stored version found the object changed or gone in the backend: the
 * caller forgets what it remembered and reads the object the slow way.
 */
final class StaleReadException extends IOException {
    private static final long serialVersionUID = 1L;

    StaleReadException(String message) {
        super(message);
    }

    /** Whether the failure, or one of its causes, is a stale read. */
    static boolean in(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof StaleReadException) {
                return true;
            }
        }
        return false;
    }
}
