package io.xtremehub.nexus.api;

/** The storage operations a streamlet runs on, as declared in its descriptor ({@code on=PUT|GET|ALL}). */
public enum Operation {
    /** Only on writes (PutObject, multipart completion, copy destinations). */
    PUT,
    /** Only on reads (GetObject). */
    GET,
    /** On both writes and reads. */
    ALL;

    /** Whether a streamlet declared with this value runs on writes. */
    public boolean onPut() {
        return this != GET;
    }

    /** Whether a streamlet declared with this value runs on reads. */
    public boolean onGet() {
        return this != PUT;
    }
}
