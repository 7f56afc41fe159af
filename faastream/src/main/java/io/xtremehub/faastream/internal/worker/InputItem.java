package io.xtremehub.faastream.internal.worker;

import io.pravega.client.stream.Position;

/**
 * One thing a worker's reader produced: an event's bytes with where it came from, a whole pack of
 * events (for a stage that keeps packs as they are, see {@link StageProcessor#takesPacks}), the end
 * marker of an input segment, or a reader-group checkpoint; or, in the worker's queue only, a
 * wake-up for the processing thread.
 *
 * @param payload     event bytes, or a pack's body (null for markers)
 * @param partition   routing partition the writer chose, or -1
 * @param originBase  where the event was read, for error messages; for a checkpoint, its name
 * @param originIndex the event's number within {@code originBase}, or -1; kept apart so that the
 *                    text is only built when a message needs it (millions of small events)
 * @param endSegment  the segment whose end this marks, or -1
 * @param events      the events the item stands for: 1, a pack's count, 0 for markers
 * @param resumeAt    reader-group inputs: a position from which a reader would read none of the events
 *                    before this item's and all of this item's that are not yet in it (for an event of
 *                    a pack that is not its last, the position before the pack); null when unknown
 *                    (before the first read, other inputs)
 */
record InputItem(Kind kind, byte[] payload, int partition, String originBase, long originIndex, long endSegment,
                 int events, Position resumeAt) {
    /** Item kinds. */
    enum Kind { EVENT, PACK, END, CHECKPOINT, WAKE_UP }

    private static final InputItem WAKE_UP = new InputItem(Kind.WAKE_UP, null, -1, null, -1, -1, 0, null);

    static InputItem event(byte[] payload, int partition, String origin) {
        return new InputItem(Kind.EVENT, payload, partition, origin, -1, -1, 1, null);
    }

    /** An event whose origin reads {@code originBase + index}, e.g. {@code "s3://b/k record " + 17}. */
    static InputItem event(byte[] payload, int partition, String originBase, long index) {
        return event(payload, partition, originBase, index, null);
    }

    /** An event of a pack read through a reader group (see {@link #resumeAt}). */
    static InputItem event(byte[] payload, int partition, String originBase, long index, Position resumeAt) {
        return new InputItem(Kind.EVENT, payload, partition, originBase, index, -1, 1, resumeAt);
    }

    /** A pack's body of {@code events} events, handed on whole. */
    static InputItem pack(byte[] body, int events, int partition, String origin) {
        return new InputItem(Kind.PACK, body, partition, origin, -1, -1, events, null);
    }

    static InputItem end(long segment) {
        return new InputItem(Kind.END, null, -1, null, -1, segment, 0, null);
    }

    static InputItem checkpoint(String name) {
        return new InputItem(Kind.CHECKPOINT, null, -1, name, -1, -1, 0, null);
    }

    /** The same item, read through a reader group that can start again at {@code position} (see {@link #resumeAt}). */
    InputItem resumingAt(Position position) {
        return new InputItem(kind, payload, partition, originBase, originIndex, endSegment, events, position);
    }

    /**
     * Queued by the reader behind the events it wants processed (a sync), or when it ends: the
     * processing thread's wait for the queue returns at once instead of at its next timeout.
     */
    static InputItem wakeUp() {
        return WAKE_UP;
    }

    /** An event or a pack: something for the stage to process (not a marker or a wake-up). */
    boolean carriesEvents() {
        return kind == Kind.EVENT || kind == Kind.PACK;
    }

    /** Where the event was read, for error messages. */
    String origin() {
        return originIndex < 0 ? originBase : originBase + originIndex;
    }

    String checkpointName() {
        return kind == Kind.CHECKPOINT ? originBase : null;
    }
}
