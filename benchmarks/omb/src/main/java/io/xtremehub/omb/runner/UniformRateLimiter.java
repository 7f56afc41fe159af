package io.xtremehub.omb.runner;

import java.util.concurrent.locks.LockSupport;

/**
 * Spaces sends evenly at a rate that may change while running. {@link #acquire} returns the
 * moment the send was meant to happen, so the lag behind it (publish delay) can be measured.
 */
final class UniformRateLimiter {
    private volatile double intervalNanos;
    private long next;

    UniformRateLimiter(double perSecond) {
        setRate(perSecond);
        next = System.nanoTime();
    }

    void setRate(double perSecond) {
        intervalNanos = 1e9 / Math.max(perSecond, 1e-3);
    }

    double rate() {
        return 1e9 / intervalNanos;
    }

    /** Waits for the next slot; returns its intended time in {@link System#nanoTime()} terms. */
    long acquire() {
        long intended = next;
        long now = System.nanoTime();
        // after a rate change or a long stall, do not burst to catch up more than one second
        if (now - intended > 1_000_000_000L) {
            intended = now;
        }
        next = intended + (long) intervalNanos;
        while ((now = System.nanoTime()) < intended) {
            LockSupport.parkNanos(intended - now);
        }
        return intended;
    }
}
