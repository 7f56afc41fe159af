package io.xtremehub.omb.workload;

/** A workload file that cannot be run; the message is one line naming the file, the field and the fix. */
public final class WorkloadException extends RuntimeException {
    public WorkloadException(String message) {
        super(message);
    }

    public WorkloadException(String message, Throwable cause) {
        super(message, cause);
    }
}
