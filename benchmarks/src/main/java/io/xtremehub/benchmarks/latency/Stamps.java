package io.xtremehub.benchmarks.latency;

import java.nio.ByteBuffer;

/**
 * The layout of the budget's 1 KB events: the send time (System.nanoTime of this JVM) in bytes 0-7,
 * the event's index in the run in bytes 8-11, and a pipeline function's time in bytes 16-23.
 */
final class Stamps {
    static final int SIZE = 1024;

    private Stamps() {
    }

    static byte[] event(int index) {
        byte[] b = new byte[SIZE];
        ByteBuffer.wrap(b).putLong(0, System.nanoTime()).putInt(8, index);
        return b;
    }

    static long sentNanos(byte[] event) {
        return ByteBuffer.wrap(event).getLong(0);
    }

    static int index(byte[] event) {
        return ByteBuffer.wrap(event).getInt(8);
    }

    /** The pipeline function: a copy of the event carrying the time it passed the function. */
    static byte[] markFunction(byte[] event) {
        byte[] out = event.clone();
        ByteBuffer.wrap(out).putLong(16, System.nanoTime());
        return out;
    }

    static long functionNanos(byte[] event) {
        return ByteBuffer.wrap(event).getLong(16);
    }
}
