package io.xtremehub.omb.runner;

import io.xtremehub.omb.driver.BenchmarkConsumer;
import io.xtremehub.omb.driver.BenchmarkDriver;
import io.xtremehub.omb.driver.BenchmarkProducer;
import io.xtremehub.omb.workload.Workload;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one workload on one driver the way OMB does: create topics, subscriptions and producers;
 * warm up; send at the target rate (or search for the maximum sustainable one); optionally hold
 * consumers until a backlog is built and then drain it; sample every period; finally stop producers,
 * let consumers catch up and check that every acknowledged message arrived exactly once.
 */
public final class BenchmarkRunner {
    private static final Logger LOG = LoggerFactory.getLogger(BenchmarkRunner.class);
    private static final long TICK_NANOS = 1_000_000_000L;
    /**
     * Consumers are given up on after this long without a message: longer than the embedded
     * Pravega cluster takes to report a segment container that cannot come back (60 s), so such a
     * run ends with the cluster's reason rather than only a count of unread messages.
     */
    private static final Duration CONSUMER_STALL_LIMIT = Duration.ofSeconds(90);
    /** A run whose producers had no acknowledgement for this long before they stopped says so. */
    private static final Duration PUBLISH_STALL_NOTE = Duration.ofSeconds(5);
    private final Duration samplePeriod;
    private final Duration drainTimeout;
    private final Path payloadDir;
    private final ProgressPrinter console;

    private BenchmarkRunner(Builder b) {
        this.samplePeriod = b.samplePeriod;
        this.drainTimeout = b.drainTimeout;
        this.payloadDir = b.payloadDir;
        this.console = new ProgressPrinter(b.console);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Runs the workload; the driver stays open (the caller owns it). */
    public RunOutcome run(BenchmarkDriver driver, Workload w) throws Exception {
        Payloads payloads = Payloads.of(w, payloadDir);
        String prefix = driver.topicNamePrefix() + "-" + w.name().replaceAll("[^A-Za-z0-9]", "") + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x100000, 0xFFFFFF));
        console.note("== " + w.name() + " on " + driver.name() + " (" + String.join("; ", driver.describe()) + ")");
        List<String> topics = new ArrayList<>();
        List<CompletableFuture<Void>> created = new ArrayList<>();
        for (int t = 0; t < w.topics(); t++) {
            topics.add(prefix + "-" + t);
            created.add(driver.createTopic(topics.get(t), w.partitionsPerTopic()));
        }
        CompletableFuture.allOf(created.toArray(CompletableFuture[]::new)).get(2, TimeUnit.MINUTES);

        int subscriptions = w.subscriptionsPerTopic();
        int[] producerTopic = new int[w.topics() * w.producersPerTopic()];
        int[] subscriptionTopic = new int[w.topics() * subscriptions];
        for (int i = 0; i < producerTopic.length; i++) {
            producerTopic[i] = i / w.producersPerTopic();
        }
        for (int i = 0; i < subscriptionTopic.length; i++) {
            subscriptionTopic[i] = i / subscriptions;
        }
        RunStats stats = new RunStats();
        DeliveryLedger ledger = new DeliveryLedger(producerTopic, subscriptionTopic);
        ConsumerGate gate = new ConsumerGate();
        List<BenchmarkConsumer> consumers = new ArrayList<>();
        List<BenchmarkProducer> producers = new ArrayList<>();
        try {
            for (int s = 0; s < subscriptionTopic.length; s++) {
                int sub = s;
                String topic = topics.get(subscriptionTopic[s]);
                for (int c = 0; c < w.consumerPerSubscription(); c++) {
                    consumers.add(driver.createConsumer(topic, prefix + "-sub-" + s, payload -> {
                        gate.awaitOpen();
                        stats.consumed(payload.length, Clock.micros() - Payloads.sendMicros(payload));
                        ledger.received(sub, Payloads.producer(payload), Payloads.sequence(payload));
                    }).get(2, TimeUnit.MINUTES));
                }
            }
            for (int p = 0; p < producerTopic.length; p++) {
                producers.add(driver.createProducer(topics.get(producerTopic[p])).get(2, TimeUnit.MINUTES));
            }
            ResultRecorder recorder = new ResultRecorder(w, driver.name(), payloads.size());
            LoadGenerator load = new LoadGenerator(producers, w.keyDistributor(), payloads, stats, ledger,
                    w.maxRate() ? MaxRateSearch.initialRate(payloads.size()) : w.producerRate());
            load.start();
            MaxRateSearch search = w.maxRate() ? new MaxRateSearch() : null;
            if (!w.warmupDuration().isZero()) {
                drive("warm-up", w.warmupDuration(), load, search, null, stats, subscriptions, payloads.size(), null);
                stats.reset(subscriptions);
            }
            BacklogPhase backlog = new BacklogPhase(w.consumerBacklogSizeGB() << 30, w.backlogDrainRatio(), gate);
            drive("test", w.testDuration(), load, search, backlog, stats, subscriptions, payloads.size(), recorder);
            backlog.release();
            long stopped = System.nanoTime();
            long publishStall = stopped - stats.lastPublishedNanos();
            if (publishStall > PUBLISH_STALL_NOTE.toNanos()) {
                console.note(String.format("publishing stalled: no send acknowledged in the last %.1f s of the test",
                        publishStall / 1e9));
            }
            boolean answered = load.stop(drainTimeout.toMillis());
            if (!answered) {
                console.note("some sends were still unanswered after " + drainTimeout.toSeconds() + " s");
            }
            awaitConsumers(stats, ledger, driver, stopped);
            closeAll(consumers);
            consumers.clear();
            DeliveryReport delivery = ledger.report();
            if (driver.failure() != null) {
                console.note("target failed: " + driver.failure());
            }
            console.note("delivery: " + delivery);
            return new RunOutcome(recorder.finish(stats), delivery);
        } finally {
            gate.resume();
            closeAll(consumers);
            closeAll(producers);
        }
    }

    /**
     * Ticks once a second for {@code duration} (longer while a backlog phase is unfinished): adjusts
     * the rate when searching, moves the backlog phase on and records a sample every period.
     */
    private void drive(String phase, Duration duration, LoadGenerator load, MaxRateSearch search,
            BacklogPhase backlog, RunStats stats, int subscriptions, int messageSize, ResultRecorder recorder) {
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        long lastSample = start;
        long nextTick = start + TICK_NANOS;
        while (true) {
            long now = System.nanoTime();
            if (now < nextTick) {
                LockSupport.parkNanos(nextTick - now);
                continue;
            }
            nextTick += TICK_NANOS;
            long backlogMessages = Math.max(0, subscriptions * stats.totalSent() - stats.totalReceived());
            if (backlog != null) {
                BacklogPhase.State before = backlog.state();
                if (backlog.step(backlogMessages * messageSize) != before) {
                    console.note("backlog: " + before + " -> " + backlog.state() + " at " + backlogMessages
                            + " messages");
                }
            }
            if (search != null) {
                load.setRate(search.next(load.rate(), stats.totalSent(), stats.totalReceived(), subscriptions,
                        backlog != null && backlog.consumersPaused(), 1.0));
            }
            if (now - lastSample >= samplePeriod.toNanos() - TICK_NANOS / 2) {
                RunStats.Sample s = stats.sample((now - lastSample) / 1e9, subscriptions);
                lastSample = now;
                console.line(phase, s, load.rate());
                if (recorder != null) {
                    recorder.add(s);
                }
            }
            boolean backlogDone = backlog == null || backlog.state() == BacklogPhase.State.DONE;
            if (now >= end - TICK_NANOS / 2 && backlogDone) {
                return;
            }
        }
    }

    /**
     * Waits until every subscription has every acknowledged message, the drain timeout passes, the
     * target reports it failed, or consumers went {@link #CONSUMER_STALL_LIMIT} without a message;
     * when messages are still missing it says which, and for how long nothing arrived.
     */
    private void awaitConsumers(RunStats stats, DeliveryLedger ledger, BenchmarkDriver driver, long stopped) {
        long deadline = stopped + drainTimeout.toNanos();
        String reason = null;
        while (ledger.report().missing() > 0 && reason == null) {
            long now = System.nanoTime();
            if (now >= deadline) {
                reason = "drain timeout of " + drainTimeout.toSeconds() + " s reached";
            } else if (now - stats.lastReceivedNanos() >= CONSUMER_STALL_LIMIT.toNanos()) {
                reason = "no message consumed for " + CONSUMER_STALL_LIMIT.toSeconds() + " s";
            } else if (driver.failure() != null) {
                reason = "the target failed";
            } else {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
            }
        }
        if (reason != null) {
            long now = System.nanoTime();
            console.note(String.format("consumers gave up %.1f s after the producers stopped (%s): %d acknowledged"
                    + " messages unread, the last message consumed %.1f s ago", (now - stopped) / 1e9, reason,
                    ledger.report().missing(), (now - stats.lastReceivedNanos()) / 1e9));
        }
    }

    private static void closeAll(List<? extends AutoCloseable> all) {
        for (AutoCloseable c : all) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.warn("close failed", e);
            }
        }
        all.clear();
    }

    /** Options of a runner; the defaults are OMB's (10-second samples). */
    public static final class Builder {
        private Duration samplePeriod = Duration.ofSeconds(10);
        private Duration drainTimeout = Duration.ofMinutes(2);
        private Path payloadDir;
        private PrintStream console = System.out;

        public Builder samplePeriod(Duration v) {
            this.samplePeriod = Objects.requireNonNull(v);
            return this;
        }

        /** How long to wait at the end for sends to be answered and consumers to catch up. */
        public Builder drainTimeout(Duration v) {
            this.drainTimeout = Objects.requireNonNull(v);
            return this;
        }

        /** Where a workload's relative {@code payloadFile} is resolved. */
        public Builder payloadDir(Path v) {
            this.payloadDir = v;
            return this;
        }

        public Builder console(PrintStream v) {
            this.console = Objects.requireNonNull(v);
            return this;
        }

        public BenchmarkRunner build() {
            return new BenchmarkRunner(this);
        }
    }
}
