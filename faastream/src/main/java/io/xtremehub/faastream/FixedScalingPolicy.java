package io.xtremehub.faastream;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A static allocation: the same number of workers and segments for the whole job. */
public final class FixedScalingPolicy extends ScalingPolicy {
    private final int override;
    private final Map<Integer, Integer> workers = new ConcurrentHashMap<>();

    /** @param override workers per stage, or 0 to keep each stage's configured parallelism */
    FixedScalingPolicy(int override) {
        this.override = override;
    }

    @Override
    public void initialize(int stage, int w, int partitions) {
        workers.put(stage, override > 0 ? override : w);
    }

    @Override
    public void addWorkerStats(WorkerStats stats) {
        // a fixed allocation ignores load
    }

    @Override
    public int getWorkers(int stage) {
        return workers.getOrDefault(stage, Math.max(1, override));
    }

    @Override
    public int getPartitions(int stage) {
        return getWorkers(stage);
    }
}
