package io.xtremehub.nexus.metadata;

/**
 * A state write was refused because another worker claimed the partition's state after this one:
 * this worker no longer owns the partition, and what it computed must not be applied (the request
 * must be retried where the partition is owned now).
 */
public final class StateFencedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** With the unit, the epochs and the new holder. */
    public StateFencedException(String message) {
        super(message);
    }
}
