package io.xtremehub.omb.runner;

/** Epoch microseconds from the monotonic clock: one base, so producer and consumer stamps compare. */
final class Clock {
    private static final long BASE_MICROS = System.currentTimeMillis() * 1000;
    private static final long BASE_NANOS = System.nanoTime();

    private Clock() {
    }

    static long micros() {
        return BASE_MICROS + (System.nanoTime() - BASE_NANOS) / 1000;
    }
}
