package io.xtremehub.nexus.bench;

import io.xtremehub.nexus.metadata.StateConcurrency;

/**
 * How a swarmlet's workers keep a stateful streamlet's partition state, as the state-reads
 * benchmark compares them.
 *
 * @param name as reported
 * @param routing partition-aware routing (each partition's chunks processed by its owner)
 * @param concurrency how the state is written to Redis
 */
record StateMode(String name, boolean routing, StateConcurrency concurrency) {
    /** Partition-aware routing: the owner claims once, keeps the state in memory, writes fenced. */
    static final StateMode ROUTED = new StateMode("routed", true, StateConcurrency.FENCED);
    /** Any worker processes any chunk on the state in Redis: read with its version, check-and-set, retry on conflict. */
    static final StateMode OPTIMISTIC = new StateMode("any-worker-optimistic", false, StateConcurrency.OPTIMISTIC);
    /** Any worker processes any chunk, claiming the partition (new fencing epoch) for each one. */
    static final StateMode CLAIMING = new StateMode("any-worker-claiming", false, StateConcurrency.FENCED);

    static StateMode named(String name) {
        for (StateMode m : new StateMode[] {ROUTED, OPTIMISTIC, CLAIMING}) {
            if (m.name.equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown state mode '" + name + "': use routed, any-worker-optimistic or"
                + " any-worker-claiming");
    }
}
