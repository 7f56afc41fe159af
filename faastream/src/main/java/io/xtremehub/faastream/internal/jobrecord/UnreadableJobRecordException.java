package io.xtremehub.faastream.internal.jobrecord;

/** A job record a manager cannot resume from; the message is one line naming the job. */
public final class UnreadableJobRecordException extends RuntimeException {
    private final String jobId;

    public UnreadableJobRecordException(String jobId, String reason) {
        super("job " + jobId + " cannot be resumed: " + reason);
        this.jobId = jobId;
    }

    public String jobId() {
        return jobId;
    }
}
