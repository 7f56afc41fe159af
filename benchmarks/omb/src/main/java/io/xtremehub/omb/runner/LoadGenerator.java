package io.xtremehub.omb.runner;

import io.xtremehub.omb.driver.BenchmarkProducer;
import io.xtremehub.omb.workload.KeyDistributor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One thread per producer sending at its share of the target rate. In-flight messages are bounded
 * so a system that falls behind slows its producers (that shows as publish delay) rather than
 * filling the heap.
 */
final class LoadGenerator {
    private static final Logger LOG = LoggerFactory.getLogger(LoadGenerator.class);
    private static final long MAX_IN_FLIGHT_BYTES = 64L << 20;
    private final List<BenchmarkProducer> producers;
    private final List<UniformRateLimiter> limiters = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final Semaphore[] inFlight;
    private final int permits;
    private final KeyDistributor keys;
    private final Payloads payloads;
    private final RunStats stats;
    private final DeliveryLedger ledger;
    private volatile boolean running = true;
    private volatile double rate;

    LoadGenerator(List<BenchmarkProducer> producers, KeyDistributor keys, Payloads payloads, RunStats stats,
            DeliveryLedger ledger, double rate) {
        this.producers = producers;
        this.keys = keys;
        this.payloads = payloads;
        this.stats = stats;
        this.ledger = ledger;
        this.permits = (int) Math.max(1, Math.min(10_000, MAX_IN_FLIGHT_BYTES / payloads.size()));
        this.inFlight = new Semaphore[producers.size()];
        for (int i = 0; i < producers.size(); i++) {
            inFlight[i] = new Semaphore(permits);
            limiters.add(new UniformRateLimiter(rate / producers.size()));
        }
        this.rate = rate;
    }

    void start() {
        for (int i = 0; i < producers.size(); i++) {
            int id = i;
            Thread t = new Thread(() -> send(id), "omb-producer-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    /** The total target rate in messages per second, shared evenly by the producers. */
    void setRate(double total) {
        rate = total;
        limiters.forEach(l -> l.setRate(total / producers.size()));
    }

    double rate() {
        return rate;
    }

    private void send(int id) {
        BenchmarkProducer producer = producers.get(id);
        UniformRateLimiter limiter = limiters.get(id);
        Semaphore window = inFlight[id];
        long sequence = 0;
        while (running) {
            long intended = limiter.acquire();
            try {
                if (!window.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                    continue;
                }
            } catch (InterruptedException e) {
                return;
            }
            long seq = sequence++;
            long sendNanos = System.nanoTime();
            byte[] payload = payloads.next(Clock.micros(), id, seq);
            try {
                producer.sendAsync(key(seq), payload).whenComplete((v, e) -> {
                    if (e != null) {
                        stats.publishFailed();
                    } else {
                        ledger.acknowledged(id, seq);
                        stats.published(payload.length, (System.nanoTime() - sendNanos) / 1000,
                                (sendNanos - intended) / 1000);
                    }
                    // last: stop() counts on every answered send being recorded once its permit is back
                    window.release();
                });
            } catch (RuntimeException e) {
                window.release();
                stats.publishFailed();
                LOG.warn("send failed", e);
            }
        }
    }

    private Optional<String> key(long seq) {
        return switch (keys) {
            case NO_KEY -> Optional.empty();
            case KEY_ROUND_ROBIN -> Optional.of("key-" + (seq % 10_000));
            case RANDOM_NANO -> Optional.of(Long.toString(System.nanoTime()));
        };
    }

    /** Stops sending and waits up to the timeout for the messages in flight to be answered. */
    boolean stop(long timeoutMillis) throws InterruptedException {
        running = false;
        for (Thread t : threads) {
            t.join(10_000);
        }
        long deadline = System.currentTimeMillis() + timeoutMillis;
        for (Semaphore s : inFlight) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0 || !s.tryAcquire(permits, left, TimeUnit.MILLISECONDS)) {
                return false;
            }
        }
        return true;
    }
}
