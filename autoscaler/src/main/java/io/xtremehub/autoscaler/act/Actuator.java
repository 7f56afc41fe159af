package io.xtremehub.autoscaler.act;

/**
 * One knob the orchestrator turns: the task managers of a cluster, a job's parallelism bound,
 * a stream's minimum segments. Implementations do one round trip per call and throw
 * {@link ActuatorException} with a one-line reason when the system refuses.
 */
public interface Actuator extends AutoCloseable {
    /** What this actuator turns, e.g. {@code kubernetes deployment flink/flink-taskmanager}. */
    String describe();

    /** The knob's value now, as the system reports it. */
    int current();

    /** Sets the knob; returns when the system has accepted the new value. */
    void scaleTo(int target);

    @Override
    default void close() {
    }
}
