package io.xtremehub.autoscaler.config;

/** The configuration is wrong; the message is one line saying where and what to change. */
public final class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
