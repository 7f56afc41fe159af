package io.xtremehub.standalone;

/** The embedded cluster could not start; the message says why in one line. */
public class ClusterStartException extends RuntimeException {
    public ClusterStartException(String message) {
        super(message);
    }

    public ClusterStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
