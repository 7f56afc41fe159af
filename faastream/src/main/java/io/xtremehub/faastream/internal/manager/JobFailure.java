package io.xtremehub.faastream.internal.manager;

/** Why a job stops: the first reason given wins (later ones are consequences of it). */
final class JobFailure {
    private volatile String reason;

    void set(String why) {
        if (reason == null) {
            reason = why;
        }
    }

    /** An exactly-once commit failed ({@code why}): the job stops, keeping what was committed. */
    void commitFailed(String why) {
        set(why + "; the job stops (what was committed stays, nothing after it is visible)");
    }

    /** Replaces the reason with its cause, found after the job stopped. */
    void explainedBy(String cause) {
        reason = cause;
    }

    boolean isSet() {
        return reason != null;
    }

    /** The reason, or null while the job has not failed. */
    String reason() {
        return reason;
    }
}
