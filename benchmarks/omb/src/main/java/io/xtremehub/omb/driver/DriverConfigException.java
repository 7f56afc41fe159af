package io.xtremehub.omb.driver;

/** A driver configuration file that cannot be used; the message is one line naming file and key. */
public final class DriverConfigException extends RuntimeException {
    public DriverConfigException(String message) {
        super(message);
    }

    public DriverConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
