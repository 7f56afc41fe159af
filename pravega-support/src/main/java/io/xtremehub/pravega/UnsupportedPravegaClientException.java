package io.xtremehub.pravega;

/** A Pravega client whose internals are not the ones this support module was written against (0.13). */
public final class UnsupportedPravegaClientException extends IllegalStateException {
    UnsupportedPravegaClientException(String what, Throwable cause) {
        super("unsupported Pravega client version: " + what, cause);
    }
}
