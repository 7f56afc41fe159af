package io.xtremehub.faastream;

import java.time.Duration;
import java.util.Objects;

/**
 * How a job runs, beyond what the pipeline says. Build with {@link #builder()}; every option has a
 * default suited to the embedded cluster.
 */
public final class JobOptions {
    private final Mode mode;
    private final ScalingPolicy scalingPolicy;
    private final boolean exactlyOnce;
    private final Duration transactionWindow;
    private final ErrorPolicy errorPolicy;
    private final Duration window;
    private final Duration heartbeatTimeout;
    private final Duration startupTimeout;
    private final Duration scalingInterval;
    private final boolean scaleSourceStream;
    private final int largeEventThreshold;
    private final int queueCapacity;
    private final boolean cleanup;
    private final String name;

    private JobOptions(Builder b) {
        this.mode = b.mode;
        this.scalingPolicy = b.scalingPolicy;
        this.exactlyOnce = b.exactlyOnce;
        this.transactionWindow = b.transactionWindow;
        this.errorPolicy = b.errorPolicy;
        this.window = b.window;
        this.heartbeatTimeout = b.heartbeatTimeout;
        this.startupTimeout = b.startupTimeout;
        this.scalingInterval = b.scalingInterval;
        this.scaleSourceStream = b.scaleSourceStream;
        this.largeEventThreshold = b.largeEventThreshold;
        this.queueCapacity = b.queueCapacity;
        this.cleanup = b.cleanup;
        this.name = b.name;
    }

    public static Builder builder() {
        return new Builder();
    }

    public static JobOptions defaults() {
        return builder().build();
    }

    public Mode mode() { return mode; }
    public ScalingPolicy scalingPolicy() { return scalingPolicy; }
    public boolean exactlyOnce() { return exactlyOnce; }
    public Duration transactionWindow() { return transactionWindow; }
    public ErrorPolicy errorPolicy() { return errorPolicy; }
    public Duration window() { return window; }
    public Duration heartbeatTimeout() { return heartbeatTimeout; }
    public Duration startupTimeout() { return startupTimeout; }
    public Duration scalingInterval() { return scalingInterval; }
    public boolean scaleSourceStream() { return scaleSourceStream; }
    public int largeEventThreshold() { return largeEventThreshold; }
    public int queueCapacity() { return queueCapacity; }
    public boolean cleanup() { return cleanup; }
    public String name() { return name; }

    /** Builder for {@link JobOptions}. */
    public static final class Builder {
        private Mode mode = Mode.AUTO;
        private ScalingPolicy scalingPolicy = ScalingPolicy.fixed();
        private boolean exactlyOnce;
        private Duration transactionWindow = Duration.ofSeconds(2);
        private ErrorPolicy errorPolicy = ErrorPolicy.failJob();
        private Duration window = Duration.ofSeconds(1);
        private Duration heartbeatTimeout = Duration.ofSeconds(15);
        private Duration startupTimeout = Duration.ofSeconds(120);
        private Duration scalingInterval = Duration.ofSeconds(2);
        private boolean scaleSourceStream;
        private int largeEventThreshold = 8 * 1024 * 1024 - 4096;
        private int queueCapacity = 1024;
        private boolean cleanup = true;
        private String name = "job";

        /** STREAM, BATCH, or AUTO (bounded sources batch, streams stream). */
        public Builder mode(Mode v) { this.mode = Objects.requireNonNull(v); return this; }
        public Builder scalingPolicy(ScalingPolicy v) { this.scalingPolicy = Objects.requireNonNull(v); return this; }
        /**
         * Exactly-once processing (reference section 6.3.5): each stage writes its results into a
         * Pravega transaction that is committed together with a checkpoint of the workers' @State
         * fields, reduce workers' open windows and read positions; after a worker failure the stage
         * resumes from the last commit. Readers of the sink see each result once, and only once it is
         * committed; bucket sink parts, dead letters and parked large events are committed or
         * discarded with their epoch. Over fixed splits (a batch job or a bucket source) the first
         * stage's slot output is committed when the slot is done (a crashed slot redoes its splits)
         * and later stages run epochs of their own; a batch's reduce or sort stage commits once, at the
         * end of its input, and a crash there reads its input again. A scaling policy's change of a
         * stage's workers happens right after one of its commits (the stage restarts from that commit
         * with the new slots); a reduce stage instead stops at its next window end and restarts from a
         * commit there, a sort stage keeps its size, and only the source stream's segments change (by
         * splits, never merges).
         * Default false: at-least-once (nothing is lost; a crash may repeat some results).
         */
        public Builder exactlyOnce(boolean v) { this.exactlyOnce = v; return this; }
        /**
         * Exactly-once: how long each transaction collects results before the stage checkpoints and
         * commits it (default 2 s). Results become visible to readers at the commit, so this is
         * the added latency; shorter windows cost more checkpoints.
         */
        public Builder transactionWindow(Duration v) { this.transactionWindow = positive(v, "transactionWindow"); return this; }
        public Builder errorPolicy(ErrorPolicy v) { this.errorPolicy = Objects.requireNonNull(v); return this; }
        /** In a stream, how often reducers emit the groups collected so far. */
        public Builder window(Duration v) { this.window = positive(v, "window"); return this; }
        /** A worker silent for this long is considered dead. */
        public Builder heartbeatTimeout(Duration v) { this.heartbeatTimeout = positive(v, "heartbeatTimeout"); return this; }
        /**
         * How long a newly launched worker may take to send its first report (a JVM or function cold
         * start on a busy machine is much slower than the heartbeat interval).
         */
        public Builder startupTimeout(Duration v) { this.startupTimeout = positive(v, "startupTimeout"); return this; }
        public Builder scalingInterval(Duration v) { this.scalingInterval = positive(v, "scalingInterval"); return this; }
        /**
         * Lets the scaling policy change the segments of the job's source stream, as it does for the
         * job's own streams. Off by default: the source belongs to the user, and a rescale reseals all
         * its segments for every other reader and writer of it too.
         */
        public Builder scaleSourceStream(boolean v) { this.scaleSourceStream = v; return this; }
        /** Events above this many bytes travel between stages as object-store references. */
        public Builder largeEventThreshold(int v) {
            if (v < 1 || v > 8 * 1024 * 1024 - 4096) {
                throw new IllegalArgumentException("largeEventThreshold must be between 1 and "
                        + (8 * 1024 * 1024 - 4096) + " bytes, got " + v);
            }
            this.largeEventThreshold = v;
            return this;
        }
        public Builder queueCapacity(int v) {
            if (v < 1) {
                throw new IllegalArgumentException("queueCapacity must be at least 1, got " + v);
            }
            this.queueCapacity = v;
            return this;
        }
        /** Whether the job's streams, reader groups and parked objects are deleted at the end. */
        public Builder cleanup(boolean v) { this.cleanup = v; return this; }
        /** A label shown by status and the CLI. */
        public Builder name(String v) { this.name = Objects.requireNonNull(v); return this; }

        public JobOptions build() {
            return new JobOptions(this);
        }

        private static Duration positive(Duration v, String what) {
            if (v == null || v.isNegative() || v.isZero()) {
                throw new IllegalArgumentException(what + " must be positive");
            }
            return v;
        }
    }
}
