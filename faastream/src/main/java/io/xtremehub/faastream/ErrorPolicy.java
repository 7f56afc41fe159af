package io.xtremehub.faastream;

import java.io.Serializable;
import java.util.Objects;

/**
 * What happens when a user function throws or an event cannot be decoded: fail the job with an
 * error naming the stage and the event (the default), or write the event with the error to a
 * dead-letter stream and go on.
 */
public final class ErrorPolicy implements Serializable {
    private final String deadLetterStream;

    private ErrorPolicy(String deadLetterStream) {
        this.deadLetterStream = deadLetterStream;
    }

    public static ErrorPolicy failJob() {
        return new ErrorPolicy(null);
    }

    /** Routes failing events to {@code stream} (created by the manager if missing) as JSON records. */
    public static ErrorPolicy deadLetter(String stream) {
        Objects.requireNonNull(stream, "stream");
        if (stream.isBlank()) {
            throw new IllegalArgumentException("dead-letter stream name must not be empty");
        }
        return new ErrorPolicy(stream);
    }

    /** The dead-letter stream, or null when failing events fail the job. */
    public String deadLetterStream() {
        return deadLetterStream;
    }

    @Override
    public String toString() {
        return deadLetterStream == null ? "fail-job" : "dead-letter(" + deadLetterStream + ")";
    }
}
