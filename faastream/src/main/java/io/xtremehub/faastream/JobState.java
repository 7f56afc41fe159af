package io.xtremehub.faastream;

/** Life-cycle states of a job. */
public enum JobState {
    STARTING, RUNNING, COMPLETED, FAILED, CANCELLED;

    public boolean terminal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }
}
