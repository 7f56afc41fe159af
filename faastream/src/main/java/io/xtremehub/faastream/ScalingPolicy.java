package io.xtremehub.faastream;

/**
 * Decides how many workers and stream segments each stage should have. The manager feeds every
 * worker report to {@link #addWorkerStats} and, at each scaling tick, asks {@link #getWorkers}
 * and {@link #getPartitions} and adjusts the stage: workers are launched or stopped gracefully,
 * and the stage's input stream is split or merged. In an exactly-once job a change of workers waits
 * for the stage's next commit and restarts the stage from it, and only the source stream's segments
 * change (by splits).
 * Stages that group by key keep their input's segments and change their workers all at once at a
 * window end, to the count nearest the policy's that divides the segments: moving a key between
 * workers mid-window would split its group. A sort keeps the workers its pipeline gives it: each
 * sorter emits one ordered run per window. The first stage's input is the
 * user's stream: its segments change only when the job's options allow it
 * ({@link JobOptions.Builder#scaleSourceStream}).
 */
public abstract class ScalingPolicy {
    /** Called once per stage before the job starts with the pipeline's parallelism for it. */
    public void initialize(int stage, int workers, int partitions) {
    }

    /** Receives one worker report. */
    public abstract void addWorkerStats(WorkerStats stats);

    /**
     * Receives, about once a second, how many bytes of stage {@code stage}'s input stream its
     * workers have not read yet: events that wait in the stream show in no worker's queue. The
     * default ignores it.
     */
    public void addInputBacklog(int stage, long unreadBytes) {
    }

    /** How many workers stage {@code stage} should run now. */
    public abstract int getWorkers(int stage);

    /** How many segments the input stream of stage {@code stage} should have now. */
    public abstract int getPartitions(int stage);

    /** Keeps every stage at the parallelism the pipeline gives it. */
    public static ScalingPolicy fixed() {
        return new FixedScalingPolicy(0);
    }

    /** Runs every stage with {@code workers} workers and as many segments. */
    public static ScalingPolicy fixed(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        }
        return new FixedScalingPolicy(workers);
    }

    /**
     * Coordinated auto-scaling of workers by their queues and of segments with the workers; its
     * defaults: 20 s between decisions, one worker less below 0.40 queued events per worker, 2-3x the
     * workers above 1.95, 3-4 segments per worker, 1 to 32 workers.
     */
    public static CoordinatedScalingPolicy.Builder coordinated() {
        return CoordinatedScalingPolicy.builder();
    }

    /** @deprecated the policy is {@link CoordinatedScalingPolicy} now; use {@link #coordinated()} */
    @Deprecated
    public static CoordinatedScalingPolicy.Builder queueBased() {
        return coordinated();
    }
}
