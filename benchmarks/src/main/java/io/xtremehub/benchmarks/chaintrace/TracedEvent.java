package io.xtremehub.benchmarks.chaintrace;

import java.nio.ByteBuffer;

/**
 * The traced chain's 1 KB events: the event's sequence number in bytes 0-7, then slots of 8 bytes
 * where steps that run inside FaaStream's workers stamp their time (System.nanoTime of this JVM: the
 * thread platform runs every worker here). Steps of the harness's own threads are kept in a
 * {@link MarkTable} instead, so the event need not be rewritten after it was sent.
 */
final class TracedEvent {
    static final int SIZE = 1024;
    /** Stamp slots after the sequence number. */
    static final int SLOTS = 8;

    private TracedEvent() {
    }

    static byte[] create(long seq) {
        byte[] b = new byte[SIZE];
        ByteBuffer.wrap(b).putLong(0, seq);
        return b;
    }

    static long seq(byte[] event) {
        return ByteBuffer.wrap(event).getLong(0);
    }

    /** Writes the current time into the slot and returns the same array (a pass-through function). */
    static byte[] stamp(byte[] event, int slot) {
        ByteBuffer.wrap(event).putLong(offset(slot), System.nanoTime());
        return event;
    }

    /** The time stamped into the slot, or 0 when no step stamped it. */
    static long stamped(byte[] event, int slot) {
        return ByteBuffer.wrap(event).getLong(offset(slot));
    }

    private static int offset(int slot) {
        if (slot < 0 || slot >= SLOTS) {
            throw new IllegalArgumentException("stamp slot " + slot + " is not in 0.." + (SLOTS - 1));
        }
        return 8 + 8 * slot;
    }
}
