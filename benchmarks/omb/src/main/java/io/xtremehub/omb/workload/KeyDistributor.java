package io.xtremehub.omb.workload;

/** How producers pick the key of each message, with OMB's names. */
public enum KeyDistributor {
    /** No key: the client spreads messages over partitions as it likes. */
    NO_KEY,
    /** Keys taken in turn from a fixed pool, so every partition gets an even share. */
    KEY_ROUND_ROBIN,
    /** A fresh random key per message (OMB's RANDOM_NANO). */
    RANDOM_NANO
}
