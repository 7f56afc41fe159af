package io.xtremehub.faastream;

/** How a job consumes its source. */
public enum Mode {
    /** Bounded sources run as a batch, stream sources as a stream. */
    AUTO,
    /** Process events as they arrive until the job is cancelled. */
    STREAM,
    /** Process the input present when the job starts (a stream up to its tail), then finish. */
    BATCH
}
