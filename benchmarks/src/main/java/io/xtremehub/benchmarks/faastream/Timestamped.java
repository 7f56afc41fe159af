package io.xtremehub.benchmarks.faastream;

import java.nio.ByteBuffer;

/** Events that carry their send time (System.nanoTime of this JVM) in the first 8 bytes. */
final class Timestamped {
    private Timestamped() {
    }

    static byte[] event(int size) {
        byte[] b = new byte[Math.max(8, size)];
        ByteBuffer.wrap(b).putLong(System.nanoTime());
        return b;
    }

    static byte[] restamp(byte[] b) {
        ByteBuffer.wrap(b).putLong(System.nanoTime());
        return b;
    }

    static double latencyMillis(byte[] b) {
        return (System.nanoTime() - ByteBuffer.wrap(b).getLong()) / 1e6;
    }

    /** First and last call of {@link #stamp} since {@link #resetSpan} (all workers run in this JVM). */
    private static final java.util.concurrent.atomic.AtomicLong FIRST = new java.util.concurrent.atomic.AtomicLong(Long.MAX_VALUE);
    private static final java.util.concurrent.atomic.AtomicLong LAST = new java.util.concurrent.atomic.AtomicLong();

    static void resetSpan() {
        FIRST.set(Long.MAX_VALUE);
        LAST.set(0);
    }

    /** Seconds from the first to the last processed event: the run without job start-up. */
    static double spanSeconds() {
        return (LAST.get() - FIRST.get()) / 1e9;
    }

    /** The batch function: marks the event as processed (the reference's "timestamped events"). */
    static byte[] stamp(byte[] b) {
        long now = System.nanoTime();
        FIRST.accumulateAndGet(now, Math::min);
        LAST.accumulateAndGet(now, Math::max);
        byte[] out = b.clone();
        if (out.length >= 16) {
            ByteBuffer.wrap(out).putLong(8, System.currentTimeMillis());
        }
        return out;
    }
}
