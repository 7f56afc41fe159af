package io.xtremehub.omb.runner;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Counters and latency recorders that producers and consumers update concurrently; the sampler
 * takes a {@link Sample} per period and keeps whole-run histograms for the aggregates.
 */
final class RunStats {
    private final Recorder publishLatency = new Recorder(3);
    private final Recorder publishDelay = new Recorder(3);
    private final Recorder endToEnd = new Recorder(3);
    private final LongAdder sent = new LongAdder();
    private final LongAdder sentBytes = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder received = new LongAdder();
    private final LongAdder receivedBytes = new LongAdder();
    // since the start, warm-up included: the backlog is what was sent and not yet consumed
    private final AtomicLong totalSent = new AtomicLong();
    private final AtomicLong totalReceived = new AtomicLong();
    private volatile long lastPublishedNanos = System.nanoTime();
    private volatile long lastReceivedNanos = System.nanoTime();
    private Histogram allPublish = new Histogram(3);
    private Histogram allDelay = new Histogram(3);
    private Histogram allEndToEnd = new Histogram(3);

    void published(int bytes, long latencyMicros, long delayMicros) {
        sent.increment();
        sentBytes.add(bytes);
        totalSent.incrementAndGet();
        lastPublishedNanos = System.nanoTime();
        publishLatency.recordValue(Math.max(latencyMicros, 0));
        publishDelay.recordValue(Math.max(delayMicros, 0));
    }

    void publishFailed() {
        errors.increment();
    }

    void consumed(int bytes, long endToEndMicros) {
        received.increment();
        receivedBytes.add(bytes);
        totalReceived.incrementAndGet();
        lastReceivedNanos = System.nanoTime();
        endToEnd.recordValue(Math.max(endToEndMicros, 0));
    }

    long totalSent() {
        return totalSent.get();
    }

    long totalReceived() {
        return totalReceived.get();
    }

    /** {@link System#nanoTime()} of the latest acknowledgement (the run's start before the first). */
    long lastPublishedNanos() {
        return lastPublishedNanos;
    }

    /** {@link System#nanoTime()} of the latest message consumed (the run's start before the first). */
    long lastReceivedNanos() {
        return lastReceivedNanos;
    }

    /** The period since the previous call; its latencies also join the whole-run histograms. */
    synchronized Sample sample(double seconds, int subscriptions) {
        Histogram pub = publishLatency.getIntervalHistogram();
        Histogram delay = publishDelay.getIntervalHistogram();
        Histogram e2e = endToEnd.getIntervalHistogram();
        allPublish.add(pub);
        allDelay.add(delay);
        allEndToEnd.add(e2e);
        long backlog = Math.max(0, subscriptions * totalSent.get() - totalReceived.get());
        return new Sample(seconds, sent.sumThenReset(), sentBytes.sumThenReset(), errors.sumThenReset(),
                received.sumThenReset(), receivedBytes.sumThenReset(), backlog, pub, delay, e2e);
    }

    /** Forgets what warm-up measured, except the totals the backlog is computed from. */
    synchronized void reset(int subscriptions) {
        sample(1, subscriptions);
        allPublish = new Histogram(3);
        allDelay = new Histogram(3);
        allEndToEnd = new Histogram(3);
    }

    synchronized Histogram allPublish() {
        return allPublish;
    }

    synchronized Histogram allDelay() {
        return allDelay;
    }

    synchronized Histogram allEndToEnd() {
        return allEndToEnd;
    }

    /** One period: counts, backlog at its end, latency histograms in microseconds. */
    record Sample(double seconds, long sent, long sentBytes, long errors, long received, long receivedBytes,
            long backlog, Histogram publish, Histogram delay, Histogram endToEnd) {

        double publishRate() {
            return sent / seconds;
        }

        double consumeRate() {
            return received / seconds;
        }

        double publishMBps() {
            return sentBytes / seconds / 1024 / 1024;
        }

        double consumeMBps() {
            return receivedBytes / seconds / 1024 / 1024;
        }

        double errorRate() {
            return errors / seconds;
        }
    }
}
