package io.xtremehub.faastream.internal.worker;

/**
 * One thing a worker's reader produced: an event's bytes with where it came from, the end marker
 * of an input segment, or a reader-group checkpoint.
 *
 * @param payload    event bytes (null for markers)
 * @param partition  routing partition the writer chose, or -1
 * @param origin     where the event was read, for error messages; for a checkpoint, its name
 * @param endSegment the segment whose end this marks, or -1
 */
record InputItem(Kind kind, byte[] payload, int partition, String origin, long endSegment) {
    /** Item kinds. */
    enum Kind { EVENT, END, CHECKPOINT }

    static InputItem event(byte[] payload, int partition, String origin) {
        return new InputItem(Kind.EVENT, payload, partition, origin, -1);
    }

    static InputItem end(long segment) {
        return new InputItem(Kind.END, null, -1, null, segment);
    }

    static InputItem checkpoint(String name) {
        return new InputItem(Kind.CHECKPOINT, null, -1, name, -1);
    }

    String checkpointName() {
        return kind == Kind.CHECKPOINT ? origin : null;
    }
}
