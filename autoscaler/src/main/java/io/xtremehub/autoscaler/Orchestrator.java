package io.xtremehub.autoscaler;

import io.xtremehub.autoscaler.act.Actuator;
import io.xtremehub.autoscaler.collect.ClusterStats;
import io.xtremehub.autoscaler.collect.FlinkCollector;
import io.xtremehub.autoscaler.collect.JobStats;
import io.xtremehub.autoscaler.collect.PravegaCollector;
import io.xtremehub.autoscaler.collect.Snapshot;
import io.xtremehub.autoscaler.collect.StreamStats;
import io.xtremehub.autoscaler.metrics.AutoscalerMetrics;
import io.xtremehub.autoscaler.rule.Recommendation;
import io.xtremehub.autoscaler.rule.Stabilizer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The storage-compute orchestrator: every period it collects the watched Pravega streams and
 * the Flink cluster's jobs and task managers, lets each {@link Scaler} decide, acts, and records
 * inputs and decisions in the metrics and the decision log. Use it as a library
 * ({@link #evaluate()} for one period, {@link #start()} for the loop) or through the
 * {@code xtremehub autoscaler run} service. {@link #close()} stops the loop and closes the
 * collectors and actuators.
 */
public final class Orchestrator implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Orchestrator.class);
    private static final int ACTIONS_KEPT = 200;

    private final Duration period;
    private final Clock clock;
    private final PravegaCollector pravega;
    private final String scope;
    private final Map<String, String> streams;
    private final FlinkCollector flink;
    private final List<Scaler> scalers;
    private final AutoscalerMetrics metrics;
    private final DecisionLog decisions;
    // read by the status endpoint while a period may be acting: not guarded by the period's lock
    private final Map<String, Decision> lastDecision = java.util.Collections.synchronizedMap(new LinkedHashMap<>());
    private volatile Snapshot lastSnapshot;
    private ScheduledExecutorService loop;

    private Orchestrator(Builder b) {
        this.period = b.period;
        this.clock = b.clock;
        this.pravega = b.pravega;
        this.scope = b.scope;
        this.streams = Map.copyOf(b.streams);
        this.flink = b.flink;
        this.scalers = List.copyOf(b.scalers);
        this.metrics = b.metrics;
        this.decisions = new DecisionLog(ACTIONS_KEPT);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects once, decides for every scaler and acts; returns this period's decisions. */
    public synchronized List<Decision> evaluate() {
        Snapshot snapshot = collect();
        lastSnapshot = snapshot;
        metrics.record(snapshot);
        List<Decision> out = new ArrayList<>();
        for (Scaler s : scalers) {
            Decision d = decide(s, snapshot);
            decisions.add(d);
            metrics.record(d);
            lastDecision.put(s.name(), d);
            out.add(d);
        }
        return out;
    }

    /** Runs {@link #evaluate()} every period on a thread of its own; a failed period is logged and the next one runs. */
    public synchronized void start() {
        if (loop != null) {
            return;
        }
        loop = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "autoscaler");
            t.setDaemon(true);
            return t;
        });
        loop.scheduleWithFixedDelay(() -> {
            try {
                evaluate();
            } catch (RuntimeException e) {
                LOG.warn("autoscaler period failed: {}", e.getMessage());
            }
        }, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The latest collection, or null before the first. */
    public Snapshot lastSnapshot() {
        return lastSnapshot;
    }

    /** The latest decision of each scaler. */
    public Map<String, Decision> lastDecisions() {
        synchronized (lastDecision) {
            return new LinkedHashMap<>(lastDecision);
        }
    }

    public DecisionLog decisionLog() {
        return decisions;
    }

    public AutoscalerMetrics metrics() {
        return metrics;
    }

    private Snapshot collect() {
        Instant now = clock.instant();
        Map<String, StreamStats> streamStats = new HashMap<>();
        streams.forEach((stream, group) -> streamStats.put(scope + "/" + stream,
                pravega.collect(stream, group.isEmpty() ? null : group, now)));
        Map<String, JobStats> jobs = flink == null ? Map.of() : flink.jobs();
        ClusterStats cluster = flink == null ? ClusterStats.UNKNOWN : flink.cluster();
        return new Snapshot(now, streamStats, jobs, cluster);
    }

    private Decision decide(Scaler s, Snapshot snapshot) {
        Instant now = snapshot.time();
        int current;
        try {
            current = s.actuators().get(0).current();
        } catch (RuntimeException e) {
            return new Decision(now, s.name(), s.rule().name(), "failed", -1, -1, -1,
                    "cannot read " + s.actuators().get(0).describe() + ": " + e.getMessage(), Map.of(), now, now);
        }
        Optional<Recommendation> r = s.rule().recommend(snapshot, current);
        if (r.isEmpty()) {
            return new Decision(now, s.name(), s.rule().name(), "no-data", current, current, -1,
                    "the rule's stream or job is not there yet", Map.of(), now, now);
        }
        Recommendation rec = r.get();
        Stabilizer.Outcome o = s.stabilizer().offer(current, rec.value());
        if (!o.changes(current)) {
            return new Decision(now, s.name(), s.rule().name(), "hold", current, current, rec.value(),
                    rec.reason() + "; " + o.reason(), rec.inputs(), o.nextUpAllowed(), o.nextDownAllowed());
        }
        boolean up = o.target() > current;
        List<Actuator> order = new ArrayList<>(s.actuators());
        if (!up) {
            java.util.Collections.reverse(order);
        }
        try {
            for (Actuator a : order) {
                a.scaleTo(o.target());
            }
        } catch (RuntimeException e) {
            return new Decision(now, s.name(), s.rule().name(), "failed", current, current, rec.value(),
                    "scaling to " + o.target() + " failed: " + e.getMessage(), rec.inputs(), o.nextUpAllowed(),
                    o.nextDownAllowed());
        }
        return new Decision(now, s.name(), s.rule().name(), up ? "scale-up" : "scale-down", current, o.target(),
                rec.value(), rec.reason() + "; " + o.reason(), rec.inputs(), o.nextUpAllowed(), o.nextDownAllowed());
    }

    @Override
    public void close() {
        ScheduledExecutorService running;
        synchronized (this) {
            running = loop;
        }
        // outside the lock: a period in progress must be able to finish
        if (running != null) {
            running.shutdownNow();
            try {
                running.awaitTermination(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            for (Scaler s : scalers) {
                s.actuators().forEach(Actuator::close);
            }
            pravega.close();
        }
    }

    /** Options of an {@link Orchestrator}. */
    public static final class Builder {
        private Duration period = Duration.ofSeconds(10);
        private Clock clock = Clock.systemUTC();
        private PravegaCollector pravega;
        private String scope;
        private final Map<String, String> streams = new LinkedHashMap<>();
        private FlinkCollector flink;
        private final List<Scaler> scalers = new ArrayList<>();
        private AutoscalerMetrics metrics = new AutoscalerMetrics();

        public Builder period(Duration v) {
            if (v.isNegative() || v.isZero()) {
                throw new IllegalArgumentException("period must be positive, got " + v);
            }
            this.period = v;
            return this;
        }

        public Builder clock(Clock v) { this.clock = Objects.requireNonNull(v); return this; }

        /** Where the watched streams live; the orchestrator closes the collector. */
        public Builder pravega(PravegaCollector collector, String scope) {
            this.pravega = collector;
            this.scope = scope;
            return this;
        }

        /** Watches a stream of the Pravega scope, and the backlog of a reader group on it (null for none). */
        public Builder watch(String stream, String readerGroup) {
            streams.put(stream, readerGroup == null ? "" : readerGroup);
            return this;
        }

        public Builder flink(FlinkCollector v) { this.flink = v; return this; }
        public Builder scaler(Scaler v) { scalers.add(v); return this; }
        public Builder metrics(AutoscalerMetrics v) { this.metrics = v; return this; }

        public Orchestrator build() {
            if (pravega == null) {
                throw new IllegalStateException("the orchestrator needs a Pravega collector");
            }
            return new Orchestrator(this);
        }
    }
}
