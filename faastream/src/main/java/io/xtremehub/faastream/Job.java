package io.xtremehub.faastream;

import java.time.Duration;
import java.util.concurrent.TimeoutException;

/** A submitted job: its status and metrics, and the means to wait for or cancel it. */
public interface Job {
    String id();

    /** The latest status, with per-stage metrics. */
    JobStatus status();

    /**
     * Waits for the job to end. A completed job's output is all written when this returns; its
     * streams and shuffle files are deleted right after, in the background ({@link Manager#close}
     * waits for that).
     *
     * @return the final status when COMPLETED or CANCELLED
     * @throws JobFailedException with the failure's message when the job FAILED
     * @throws TimeoutException   when it did not end in time (it keeps running)
     */
    JobStatus awaitCompletion(Duration timeout) throws TimeoutException, InterruptedException;

    /** Stops the job: workers exit, the job's streams are cleaned up, status becomes CANCELLED. */
    void cancel();
}
