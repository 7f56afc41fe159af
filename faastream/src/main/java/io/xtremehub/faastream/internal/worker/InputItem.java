package io.xtremehub.faastream.internal.worker;

/**
 * One thing a worker's reader produced: an event's bytes with where it came from, the end marker
 * of an input segment, or a reader-group checkpoint; or, in the worker's queue only, a wake-up for
 * the processing thread.
 *
 * @param payload     event bytes (null for markers)
 * @param partition   routing partition the writer chose, or -1
 * @param originBase  where the event was read, for error messages; for a checkpoint, its name
 * @param originIndex the event's number within {@code originBase}, or -1; kept apart so that the
 *                    text is only built when a message needs it (millions of small events)
 * @param endSegment  the segment whose end this marks, or -1
 */
record InputItem(Kind kind, byte[] payload, int partition, String originBase, long originIndex, long endSegment) {
    /** Item kinds. */
    enum Kind { EVENT, END, CHECKPOINT, WAKE_UP }

    private static final InputItem WAKE_UP = new InputItem(Kind.WAKE_UP, null, -1, null, -1, -1);

    static InputItem event(byte[] payload, int partition, String origin) {
        return new InputItem(Kind.EVENT, payload, partition, origin, -1, -1);
    }

    /** An event whose origin reads {@code originBase + index}, e.g. {@code "s3://b/k record " + 17}. */
    static InputItem event(byte[] payload, int partition, String originBase, long index) {
        return new InputItem(Kind.EVENT, payload, partition, originBase, index, -1);
    }

    static InputItem end(long segment) {
        return new InputItem(Kind.END, null, -1, null, -1, segment);
    }

    static InputItem checkpoint(String name) {
        return new InputItem(Kind.CHECKPOINT, null, -1, name, -1, -1);
    }

    /**
     * Queued by the reader behind the events it wants processed (a sync), or when it ends: the
     * processing thread's wait for the queue returns at once instead of at its next timeout.
     */
    static InputItem wakeUp() {
        return WAKE_UP;
    }

    /** Where the event was read, for error messages. */
    String origin() {
        return originIndex < 0 ? originBase : originBase + originIndex;
    }

    String checkpointName() {
        return kind == Kind.CHECKPOINT ? originBase : null;
    }
}
