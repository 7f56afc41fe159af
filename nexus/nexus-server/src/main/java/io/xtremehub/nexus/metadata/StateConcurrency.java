package io.xtremehub.nexus.metadata;

/**
 * How workers sharing a {@link RedisMetadataStore} keep the partition state of stateful streamlets
 * consistent.
 */
public enum StateConcurrency {
    /**
     * A claim takes a partition's state over with a new fencing epoch; writes of older claims are
     * refused. Meant for partition-aware routing, where one owner claims once and then keeps the
     * state in memory: the default.
     */
    FENCED,
    /**
     * Optimistic concurrency for any worker processing any chunk: every chunk reads the state with
     * its version (no write), and its write succeeds only if the version is still the one read
     * (check-and-set); otherwise nothing is written and the chunk is refused as retryable (503
     * SlowDown), so the client sends it again and it is applied to the newer state. This is the
     * shared-state design partition-aware routing replaces; it is kept to measure the two against
     * each other.
     */
    OPTIMISTIC
}
