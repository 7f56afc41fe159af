package io.xtremehub.autoscaler.flink;

/** A call to Flink's REST API failed; the message is one line. */
public final class FlinkRestException extends RuntimeException {
    public FlinkRestException(String message) {
        super(message);
    }

    public FlinkRestException(String message, Throwable cause) {
        super(message, cause);
    }
}
