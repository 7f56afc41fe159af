package io.xtremehub.faastream.internal.worker;

import io.pravega.client.stream.Position;

/** Where a worker reads its events: a reader group, bucket objects, or stream segments in batch. */
interface StageInput extends AutoCloseable {
    /** The next item, or null when none arrived within the timeout (or a bounded input is exhausted). */
    InputItem next(long timeoutMillis) throws Exception;

    /** True once a bounded input has delivered everything; always false for a reader group. */
    boolean exhausted();

    /**
     * Whether items already read from the underlying input wait to be handed out (the rest of a pack):
     * a reader that stops must take them first, its position is already past them.
     */
    default boolean buffered() {
        return false;
    }

    /**
     * Whether the input wants to hand its source on (a reader holding more than its share of the
     * group's segments); the caller first makes everything read so far durable, then calls {@link #release}.
     */
    default boolean wantsRelease() {
        return false;
    }

    /** Hands the source on at the position after the last item read (see {@link #wantsRelease}). */
    default void release() {
    }

    /** Whether this input is a reader group (whose readers wait for the stage's GO). */
    default boolean readerGroup() {
        return false;
    }

    default long bytesRead() {
        return 0;
    }

    default long bytesTotal() {
        return 0;
    }

    /**
     * Lets go of the input as a crash would, without recording how far it got: a reader group hands
     * its segments on from the last checkpoint, so nothing read but unprocessed is lost.
     */
    default void abandon() {
        close();
    }

    /**
     * Lets go of the input as a crash would, a reader group's segments handed on from {@code resumeAt}
     * (an at-least-once keyed worker's last emitted window end), or as {@link #abandon} when null.
     */
    default void abandonAt(Position resumeAt) {
        abandon();
    }

    @Override
    void close();
}
