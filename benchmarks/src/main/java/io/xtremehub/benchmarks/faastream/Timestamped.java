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

    /** The batch function: marks the event as processed (the reference's "timestamped events"). */
    static byte[] stamp(byte[] b) {
        byte[] out = b.clone();
        if (out.length >= 16) {
            ByteBuffer.wrap(out).putLong(8, System.currentTimeMillis());
        }
        return out;
    }
}
