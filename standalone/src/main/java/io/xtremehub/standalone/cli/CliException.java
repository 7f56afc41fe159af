package io.xtremehub.standalone.cli;

/** A failure the user can act on; its message is printed as is. */
public final class CliException extends RuntimeException {
    public CliException(String message) {
        super(message);
    }
}
