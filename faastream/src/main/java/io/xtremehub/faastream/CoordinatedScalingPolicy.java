package io.xtremehub.faastream;

import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Coordinated auto-scaling: scales a stage's workers by the events queued in them, and its input
 * stream's segments with the workers. The mean queue per worker approximates the stage's load (1.0 =
 * the input arrives as fast as the workers process it), so:
 * <ul>
 *   <li>above the scale-up threshold (default 1.95) the stage gets its load, rounded, times the
 *       workers, at least {@code minUpFactor} (2) and at most {@code maxUpFactor} (3) times;</li>
 *   <li>below the scale-down threshold (default 0.40) it loses one worker, unless more of its input
 *       stream is unread than {@code scaleDownBacklogBytes} (default 64 KiB): events waiting in the
 *       stream are in no worker's queue;</li>
 *   <li>never fewer than {@code minWorkers} (1) nor more than {@code maxWorkers} (32) workers;</li>
 *   <li>after each change the stage waits the cool-down (default 20 s) before the next decision;</li>
 *   <li>segments stay between {@code minSegmentsPerWorker} (3) and {@code maxSegmentsPerWorker} (4)
 *       times the workers. Rescaling a stream reseals all its segments, so while the ratio is in range
 *       they stay; out of range they jump to the far end, so the next worker changes need no rescale.</li>
 * </ul>
 * Build with {@link ScalingPolicy#coordinated()}.
 */
public final class CoordinatedScalingPolicy extends ScalingPolicy {
    private final double downThreshold;
    private final double upThreshold;
    private final long coolDownMillis;
    private final int minUpFactor;
    private final int maxUpFactor;
    private final int minSegmentsPerWorker;
    private final int maxSegmentsPerWorker;
    private final int minWorkers;
    private final int maxWorkers;
    private final long scaleDownBacklogBytes;
    private final LongSupplier clock;
    private final Map<Integer, StageLoad> stages = new HashMap<>();

    /**
     * Reports older than this are left out of a decision: workers report several times a second, so
     * an older one is from a worker that stopped or was lost, and its last queue would count forever.
     */
    static final long REPORT_MAX_AGE_MILLIS = 3_000;

    private CoordinatedScalingPolicy(Builder b) {
        this.downThreshold = b.downThreshold;
        this.upThreshold = b.upThreshold;
        this.coolDownMillis = b.coolDownMillis;
        this.minUpFactor = b.minUpFactor;
        this.maxUpFactor = b.maxUpFactor;
        this.minSegmentsPerWorker = b.minSegmentsPerWorker;
        this.maxSegmentsPerWorker = b.maxSegmentsPerWorker;
        this.minWorkers = b.minWorkers;
        this.maxWorkers = b.maxWorkers;
        this.scaleDownBacklogBytes = b.scaleDownBacklogBytes;
        this.clock = b.clock;
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public synchronized void initialize(int stage, int workers, int partitions) {
        int w = Math.min(maxWorkers, Math.max(minWorkers, workers));
        stages.put(stage, new StageLoad(w, segmentsFor(w, partitions), clock.getAsLong()));
    }

    @Override
    public synchronized void addWorkerStats(WorkerStats stats) {
        stage(stats.stage()).queues.put(stats.worker(), new QueueReport(stats.queueSize(), clock.getAsLong()));
    }

    @Override
    public synchronized void addInputBacklog(int stage, long unreadBytes) {
        stage(stage).backlog = new BacklogReport(unreadBytes, clock.getAsLong());
    }

    @Override
    public synchronized int getWorkers(int stage) {
        StageLoad s = stage(stage);
        long now = clock.getAsLong();
        s.queues.values().removeIf(r -> now - r.receivedMillis() > REPORT_MAX_AGE_MILLIS);
        if (now - s.lastChange < coolDownMillis || s.queues.isEmpty()) {
            return s.workers;
        }
        double load = s.queues.values().stream().mapToInt(QueueReport::queued).average().orElse(0);
        int next = s.workers;
        if (load > upThreshold) {
            int factor = (int) Math.min(maxUpFactor, Math.max(minUpFactor, Math.round(load)));
            next = Math.min(maxWorkers, s.workers * factor);
        } else if (load < downThreshold && !backlogged(s, now)) {
            next = Math.max(minWorkers, s.workers - 1);
        }
        if (next != s.workers) {
            s.workers = next;
            s.segments = segmentsFor(next, s.segments);
            s.lastChange = now;
            // reports of the old worker set say nothing about the new one
            s.queues.clear();
        }
        return s.workers;
    }

    @Override
    public synchronized int getPartitions(int stage) {
        return stage(stage).segments;
    }

    /** Whether a recent report says more of the stage's input is unread than a scale-down may leave. */
    private boolean backlogged(StageLoad s, long now) {
        BacklogReport b = s.backlog;
        return b != null && now - b.receivedMillis() <= REPORT_MAX_AGE_MILLIS && b.unreadBytes() > scaleDownBacklogBytes;
    }

    private StageLoad stage(int stage) {
        return stages.computeIfAbsent(stage, k -> new StageLoad(minWorkers,
                segmentsFor(minWorkers, 0), clock.getAsLong()));
    }

    private int segmentsFor(int workers, int current) {
        if (current < minSegmentsPerWorker * workers) {
            return maxSegmentsPerWorker * workers;
        }
        if (current > maxSegmentsPerWorker * workers) {
            return minSegmentsPerWorker * workers;
        }
        return current;
    }

    private record QueueReport(int queued, long receivedMillis) {
    }

    private record BacklogReport(long unreadBytes, long receivedMillis) {
    }

    private static final class StageLoad {
        int workers;
        int segments;
        long lastChange;
        final Map<String, QueueReport> queues = new HashMap<>();
        BacklogReport backlog;

        StageLoad(int workers, int segments, long now) {
            this.workers = workers;
            this.segments = segments;
            this.lastChange = now;
        }
    }

    /** Builder with the defaults of the coordinated auto-scaling FaaStream was evaluated with. */
    public static final class Builder {
        private double downThreshold = 0.40;
        private double upThreshold = 1.95;
        private long coolDownMillis = 20_000;
        private int minUpFactor = 2;
        private int maxUpFactor = 3;
        private int minSegmentsPerWorker = 3;
        private int maxSegmentsPerWorker = 4;
        private int minWorkers = 1;
        private int maxWorkers = 32;
        private long scaleDownBacklogBytes = 64 * 1024;
        private LongSupplier clock = System::currentTimeMillis;

        /** Mean queued events per worker below which the stage loses one worker. */
        public Builder downThreshold(double v) { this.downThreshold = v; return this; }
        /** Mean queued events per worker above which the stage multiplies its workers. */
        public Builder upThreshold(double v) { this.upThreshold = v; return this; }
        /** Time between a change and the next decision for the same stage. */
        public Builder coolDownMillis(long v) { this.coolDownMillis = check(v, 0, "coolDownMillis"); return this; }
        /** Scale-up multiplies the workers by the load, rounded, kept between these factors. */
        public Builder upFactor(int min, int max) {
            this.minUpFactor = check(min, 2, "the smallest up factor");
            this.maxUpFactor = checkOrder(min, max, "up factor");
            return this;
        }
        /** Segments of the stage's input per worker, kept between these ratios. */
        public Builder segmentsPerWorker(int min, int max) {
            this.minSegmentsPerWorker = check(min, 1, "the smallest segments per worker");
            this.maxSegmentsPerWorker = checkOrder(min, max, "segments per worker");
            return this;
        }
        public Builder minWorkers(int v) { this.minWorkers = check(v, 1, "minWorkers"); return this; }
        public Builder maxWorkers(int v) { this.maxWorkers = check(v, 1, "maxWorkers"); return this; }
        /** Unread bytes of a stage's input above which it does not lose workers, however short the queues. */
        public Builder scaleDownBacklogBytes(long v) {
            this.scaleDownBacklogBytes = check(v, 0, "scaleDownBacklogBytes");
            return this;
        }
        /** The clock in milliseconds; tests pass their own. */
        public Builder clock(LongSupplier v) { this.clock = v; return this; }

        public CoordinatedScalingPolicy build() {
            if (downThreshold >= upThreshold) {
                throw new IllegalArgumentException("downThreshold (" + downThreshold
                        + ") must be below upThreshold (" + upThreshold + ")");
            }
            if (maxWorkers < minWorkers) {
                throw new IllegalArgumentException("maxWorkers (" + maxWorkers + ") must be at least minWorkers ("
                        + minWorkers + ")");
            }
            return new CoordinatedScalingPolicy(this);
        }

        private static int check(int v, int min, String name) {
            return (int) check((long) v, min, name);
        }

        private static long check(long v, long min, String name) {
            if (v < min) {
                throw new IllegalArgumentException(name + " must be at least " + min + ", got " + v);
            }
            return v;
        }

        private static int checkOrder(int min, int max, String name) {
            if (max < min) {
                throw new IllegalArgumentException("the largest " + name + " (" + max + ") must be at least the"
                        + " smallest (" + min + ")");
            }
            return max;
        }
    }
}
