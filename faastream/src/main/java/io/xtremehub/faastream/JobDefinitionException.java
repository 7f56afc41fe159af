package io.xtremehub.faastream;

/**
 * A pipeline cannot start: a source or sink does not exist, or the definition is inconsistent.
 * Thrown by {@link Manager#execute} before any worker starts or anything is written.
 */
public class JobDefinitionException extends RuntimeException {
    public JobDefinitionException(String message) {
        super(message);
    }
}
