package io.xtremehub.faastream;

import java.io.Serializable;

/**
 * A user-defined function run by the workers of one pipeline stage. FaaStream creates one
 * instance per worker (by deserializing the pipeline), calls {@link #initialize()} once before
 * the first event, {@link #apply} for every event and {@link #close()} when the worker ends.
 * Fields annotated with {@link State} survive worker hand-offs (a Lambda re-invocation or a
 * graceful restart) and are restored before the next {@code apply}.
 *
 * @param <I> input event type
 * @param <O> output type
 */
@FunctionalInterface
public interface Transformer<I, O> extends Serializable {
    /** Acquires resources (connections, models, caches). Called once per worker. */
    default void initialize() throws Exception {
    }

    /** Processes one event. Throwing fails the job, or dead-letters the event if so configured. */
    O apply(I input) throws Exception;

    /** Releases what {@link #initialize()} acquired. */
    default void close() throws Exception {
    }
}
