package io.xtremehub.benchmarks.probe;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The events the load generators write: a sequence number and the time the event was due (its
 * offset in nanoseconds from the run's start), then filler bytes. Functions under test keep the
 * first {@link #HEADER} bytes in their output, so a reader of the sink knows which event came out
 * and how long after it was due.
 */
public final class ProbeEvent {
    /** Bytes of sequence number and due time at the start of every event. */
    public static final int HEADER = 16;

    private ProbeEvent() {
    }

    /** An event of {@code size} bytes (at least {@link #HEADER}). */
    public static byte[] encode(long sequence, long dueNanos, int size) {
        if (size < HEADER) {
            throw new IllegalArgumentException("a probe event needs at least " + HEADER + " bytes, got " + size);
        }
        byte[] e = new byte[size];
        ByteBuffer.wrap(e).putLong(sequence).putLong(dueNanos);
        // filler that differs per event, so a CPU-bound function cannot reuse a result
        for (int i = HEADER; i < size; i++) {
            e[i] = (byte) (sequence * 31 + i);
        }
        return e;
    }

    public static long sequence(byte[] event) {
        check(event);
        return ByteBuffer.wrap(event).getLong(0);
    }

    public static long dueNanos(byte[] event) {
        check(event);
        return ByteBuffer.wrap(event).getLong(8);
    }

    /** The header of {@code event} followed by {@code result}: what a probed function emits. */
    public static byte[] withResult(byte[] event, byte[] result) {
        check(event);
        byte[] out = Arrays.copyOf(event, HEADER + result.length);
        System.arraycopy(result, 0, out, HEADER, result.length);
        return out;
    }

    private static void check(byte[] event) {
        if (event.length < HEADER) {
            throw new IllegalArgumentException("not a probe event: " + event.length + " bytes, the header alone is "
                    + HEADER);
        }
    }
}
