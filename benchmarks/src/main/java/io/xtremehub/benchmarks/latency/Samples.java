package io.xtremehub.benchmarks.latency;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Latencies completed asynchronously (by a client callback or a reader thread), one slot per event.
 * A run that does not complete in time is an error, not a shorter sample.
 */
final class Samples {
    private final double[] millis;
    private final boolean[] done;
    private final CountDownLatch pending;
    private volatile String failure;

    Samples(int events) {
        this.millis = new double[events];
        this.done = new boolean[events];
        this.pending = new CountDownLatch(events);
    }

    /** Records the latency of event {@code index}, sent at {@code sentNanos} (System.nanoTime of this JVM). */
    void complete(int index, long sentNanos) {
        record(index, (System.nanoTime() - sentNanos) / 1e6);
    }

    /** Records a latency measured elsewhere; an event seen twice (at-least-once) counts once. */
    synchronized void record(int index, double latencyMillis) {
        if (!done[index]) {
            done[index] = true;
            millis[index] = latencyMillis;
            pending.countDown();
        }
    }

    /** A client reported an error: the run stops with it instead of waiting for the timeout. */
    void fail(String why) {
        failure = why;
        while (pending.getCount() > 0) {
            pending.countDown();
        }
    }

    double[] await(String layer, Duration timeout) throws InterruptedException {
        boolean done = pending.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (failure != null) {
            throw new IllegalStateException(layer + ": " + failure);
        }
        if (!done) {
            throw new IllegalStateException(layer + ": " + pending.getCount() + " of " + millis.length
                    + " events did not complete within " + timeout.toMillis() + " ms");
        }
        synchronized (this) {
            return Arrays.copyOf(millis, millis.length);
        }
    }
}
