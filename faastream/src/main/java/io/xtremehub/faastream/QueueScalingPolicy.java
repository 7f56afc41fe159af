package io.xtremehub.faastream;

import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Coordinated auto-scaling driven by the workers' queue lengths (reference section 6.4.4): when
 * the mean queue per worker of a stage stays above the scale-up threshold the stage gets
 * {@code upFactor} times the workers; below the scale-down threshold it loses one worker (never
 * fewer than the minimum). After each change the stage waits the cool-down period. Segments
 * follow the workers by {@code partitionsPerWorker}.
 */
public final class QueueScalingPolicy extends ScalingPolicy {
    private final double downThreshold;
    private final double upThreshold;
    private final long coolDownMillis;
    private final int upFactor;
    private final int partitionsPerWorker;
    private final int minWorkers;
    private final int maxWorkers;
    private final LongSupplier clock;
    private final Map<Integer, StageState> stages = new HashMap<>();

    private QueueScalingPolicy(Builder b) {
        this.downThreshold = b.downThreshold;
        this.upThreshold = b.upThreshold;
        this.coolDownMillis = b.coolDownMillis;
        this.upFactor = b.upFactor;
        this.partitionsPerWorker = b.partitionsPerWorker;
        this.minWorkers = b.minWorkers;
        this.maxWorkers = b.maxWorkers;
        this.clock = b.clock;
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public synchronized void initialize(int stage, int workers, int partitions) {
        stages.put(stage, new StageState(Math.max(minWorkers, workers), clock.getAsLong()));
    }

    @Override
    public synchronized void addWorkerStats(WorkerStats stats) {
        StageState s = stages.computeIfAbsent(stats.stage(), k -> new StageState(minWorkers, clock.getAsLong()));
        s.queues.put(stats.worker(), stats.queueSize());
    }

    @Override
    public synchronized int getWorkers(int stage) {
        StageState s = stages.get(stage);
        if (s == null) {
            return minWorkers;
        }
        long now = clock.getAsLong();
        if (now - s.lastChange < coolDownMillis || s.queues.isEmpty()) {
            return s.workers;
        }
        double mean = s.queues.values().stream().mapToInt(Integer::intValue).average().orElse(0);
        int next = s.workers;
        if (mean > upThreshold) {
            next = Math.min(maxWorkers, s.workers * upFactor);
        } else if (mean < downThreshold) {
            next = Math.max(minWorkers, s.workers - 1);
        }
        if (next != s.workers) {
            s.workers = next;
            s.lastChange = now;
            s.queues.clear();
        }
        return s.workers;
    }

    @Override
    public synchronized int getPartitions(int stage) {
        StageState s = stages.get(stage);
        return (s == null ? minWorkers : s.workers) * partitionsPerWorker;
    }

    private static final class StageState {
        int workers;
        long lastChange;
        final Map<String, Integer> queues = new HashMap<>();

        StageState(int workers, long now) {
            this.workers = workers;
            this.lastChange = now;
        }
    }

    /** Builder with the reference's defaults. */
    public static final class Builder {
        private double downThreshold = 0.40;
        private double upThreshold = 1.95;
        private long coolDownMillis = 20_000;
        private int upFactor = 2;
        private int partitionsPerWorker = 3;
        private int minWorkers = 1;
        private int maxWorkers = 32;
        private LongSupplier clock = System::currentTimeMillis;

        public Builder downThreshold(double v) { this.downThreshold = v; return this; }
        public Builder upThreshold(double v) { this.upThreshold = v; return this; }
        public Builder coolDownMillis(long v) { this.coolDownMillis = v; return this; }
        public Builder upFactor(int v) { this.upFactor = check(v, 2, "upFactor"); return this; }
        public Builder partitionsPerWorker(int v) { this.partitionsPerWorker = check(v, 1, "partitionsPerWorker"); return this; }
        public Builder minWorkers(int v) { this.minWorkers = check(v, 1, "minWorkers"); return this; }
        public Builder maxWorkers(int v) { this.maxWorkers = check(v, 1, "maxWorkers"); return this; }
        /** The clock in milliseconds; tests pass their own. */
        public Builder clock(LongSupplier v) { this.clock = v; return this; }

        public QueueScalingPolicy build() {
            if (downThreshold >= upThreshold) {
                throw new IllegalArgumentException("downThreshold (" + downThreshold
                        + ") must be below upThreshold (" + upThreshold + ")");
            }
            if (maxWorkers < minWorkers) {
                throw new IllegalArgumentException("maxWorkers must be at least minWorkers");
            }
            return new QueueScalingPolicy(this);
        }

        private static int check(int v, int min, String name) {
            if (v < min) {
                throw new IllegalArgumentException(name + " must be at least " + min + ", got " + v);
            }
            return v;
        }
    }
}
