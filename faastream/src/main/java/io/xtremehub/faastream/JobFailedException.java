package io.xtremehub.faastream;

/** A job ended in failure; the message names the stage and, where one is to blame, the event. */
public class JobFailedException extends RuntimeException {
    public JobFailedException(String message) {
        super(message);
    }
}
