package io.xtremehub.faastream.internal.worker;

/** Where a worker writes its results: the next stage's stream, a sink stream or bucket objects. */
interface StageOutput extends AutoCloseable {
    /**
     * Writes one result.
     *
     * @param routing the routing value in [0, 1), or NaN for no routing
     */
    void write(byte[] payload, double routing);

    /** Makes everything written so far durable. */
    void flush();

    /**
     * Called in a stream when the worker's queue is empty: stream writers flush so a lone event is
     * not held back for batching (low latency at low rates, batching under load).
     */
    default void idle() {
    }

    /** Called periodically; sinks that batch use it to publish in a stream. */
    default void tick() {
    }

    /** Tells the output which routing partition this worker's input belongs to (ordered parts). */
    default void partitionHint(int partition) {
    }

    @Override
    void close();
}
