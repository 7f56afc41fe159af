package io.xtremehub.nexus.swarm;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The policy versions a worker of a next hop's swarmlet said it runs, so a chunk skips the round
 * trip that asks before its bytes are read. Every forwarded chunk still carries its version and
 * the receiver still checks it against the metadata store (412 on a mismatch); what is lost by
 * skipping the question is only the in-place retry: a chunk refused after its bytes were read is
 * answered 503 SlowDown and the client sends it again. Forgotten on every policy change announced,
 * and for a policy whose chunk was refused.
 */
final class ConfirmedVersions {
    private record Key(String swarmlet, String policy) {
    }

    private final Map<Key, Long> confirmed = new ConcurrentHashMap<>();

    /** Whether a worker of the swarmlet confirmed this version of the policy since the last change. */
    boolean confirmed(String swarmlet, String policy, long version) {
        Long v = confirmed.get(new Key(swarmlet, policy));
        return v != null && v == version;
    }

    /** A worker of the swarmlet runs this version of the policy. */
    void confirm(String swarmlet, String policy, long version) {
        confirmed.put(new Key(swarmlet, policy), version);
    }

    /** A worker of the swarmlet refused a chunk of the policy: ask again before the next one. */
    void refused(String swarmlet, String policy) {
        confirmed.remove(new Key(swarmlet, policy));
    }

    /** A policy changed: ask again for every policy. */
    void forgetAll() {
        confirmed.clear();
    }
}
