package io.xtremehub.faastream.internal.worker;

/** How a worker incarnation ended. */
public enum WorkerOutcome {
    /** Its work is finished (input complete, stopped by the manager, or bounded splits done). */
    DONE,
    /** It stopped before a platform time limit; a new incarnation must continue in its slot. */
    HANDOFF,
    /** It failed; the reason went to the telemetry channel. */
    FAILED,
    /** The job was cancelled. */
    CANCELLED,
    /**
     * Exactly-once: the manager rolled the stage back and this worker, a survivor, was told to go on
     * in place ({@link WorkerRuntime#restartedLaunch}).
     */
    ROLLED_BACK
}
