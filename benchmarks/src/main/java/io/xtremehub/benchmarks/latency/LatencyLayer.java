package io.xtremehub.benchmarks.latency;

import java.util.Map;

/** One layer of the stack under a FaaStream hop, measured on its own. */
interface LatencyLayer extends AutoCloseable {

    /** The name the budget shows for this layer. */
    String name();

    /**
     * Drives {@code events} events of 1 KB at {@code eventsPerSecond} (open loop: each is sent at its
     * scheduled time, whether or not the previous one has completed) and returns each event's latency
     * in milliseconds, per line of the budget (most layers have one, named {@link #name()}).
     */
    Map<String, double[]> measure(int eventsPerSecond, int events) throws Exception;

    @Override
    default void close() throws Exception {
    }
}
