package io.xtremehub.config;

/** A configuration that cannot be used, said in one line that names the file and the key or value. */
public final class ConfigException extends IllegalArgumentException {
    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
