package io.xtremehub.nexus.swarm;

/** A worker of the next hop runs another version of the chunk's policy (the mesh's 412 answer). */
final class PolicyVersionMismatchException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PolicyVersionMismatchException(String message) {
        super(message);
    }
}
