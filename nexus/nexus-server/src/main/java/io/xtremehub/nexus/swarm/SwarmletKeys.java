package io.xtremehub.nexus.swarm;

/**
 * Where a swarmlet's membership lives in Redis, in one place for the workers that keep it
 * ({@link RedisMembership}) and the readers that list it ({@link SwarmletDirectory}): the hash
 * {@code <ns>:swarmlets} of swarmlet name to its labels and endpoint, and per swarmlet the hash
 * {@code <ns>:swarmlet:<name>:members} of worker id to membership record, a liveness key
 * {@code <ns>:swarmlet:<name>:alive:<id>} per worker and the channel
 * {@code <ns>:swarmlet:<name>:changes}.
 */
record SwarmletKeys(String namespace, String name) {
    static String registry(String namespace) {
        return namespace + ":swarmlets";
    }

    String members() {
        return namespace + ":swarmlet:" + name + ":members";
    }

    String alive(String workerId) {
        return namespace + ":swarmlet:" + name + ":alive:" + workerId;
    }

    String changes() {
        return namespace + ":swarmlet:" + name + ":changes";
    }
}
