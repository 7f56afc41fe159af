package io.xtremehub.benchmarks.scaling;

import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.ScalingPolicy;
import java.time.Duration;

/** The three ways the experiment provisions the same job. */
enum Setup {
    /**
     * FaaStream's coordinated scaling with the reference's thresholds and ratios (0.40 / 1.95 queued
     * events per worker, x2-3 up, one down, 3-4 segments per worker); the input starts at one worker's
     * 4 segments and the policy rescales it.
     */
    COORDINATED("coordinated"),
    /** Always the maximum workers, with the coordinated policy's 4 segments for each. */
    STATIC_MAX("static-max"),
    /**
     * Always the maximum workers on an input fixed at 10 segments, what a 10-partition Kafka topic
     * gives: at most 10 workers read, the others idle (the reference kept 32 functions on it).
     */
    FIXED_10("fixed-10");

    private final String label;

    Setup(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    static Setup of(String label) {
        for (Setup s : values()) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown setup '" + label + "' (coordinated, static-max, fixed-10)");
    }

    /** Segments the source stream is created with. */
    int sourceSegments(int maxWorkers) {
        return switch (this) {
            case COORDINATED -> 4;
            case STATIC_MAX -> 4 * maxWorkers;
            case FIXED_10 -> 10;
        };
    }

    /** Workers the job starts with. */
    int initialWorkers(int maxWorkers) {
        return this == COORDINATED ? 1 : maxWorkers;
    }

    JobOptions options(int maxWorkers, Duration coolDown, int queueCapacity) {
        ScalingPolicy policy = this == COORDINATED
                ? ScalingPolicy.coordinated().coolDownMillis(coolDown.toMillis()).maxWorkers(maxWorkers).build()
                : ScalingPolicy.fixed(maxWorkers);
        return JobOptions.builder().name("scaling-" + label).scalingPolicy(policy)
                .scaleSourceStream(this == COORDINATED)
                // the manager asks the policy often; the policy's cool-down paces the changes
                .scalingInterval(Duration.ofMillis(Math.min(2_000, Math.max(250, coolDown.toMillis() / 4))))
                .queueCapacity(queueCapacity).build();
    }
}
