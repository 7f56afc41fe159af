package io.xtremehub.autoscaler.rule;

import io.xtremehub.autoscaler.collect.Snapshot;
import java.util.Optional;

/**
 * A policy that turns collected metrics into the value one knob should have (task managers,
 * job parallelism, a stream's minimum segments). Rules are pure functions of their inputs;
 * timing (stabilization windows, cool-downs) is the {@link Stabilizer}'s job.
 */
public interface ScalingRule {
    /** Short name for logs and metrics, e.g. {@code segments-ratio}. */
    String name();

    /**
     * The value the knob should have, or empty when the inputs the rule needs are missing
     * (stream unknown, job not running yet).
     *
     * @param current the knob's value now
     */
    Optional<Recommendation> recommend(Snapshot snapshot, int current);
}
