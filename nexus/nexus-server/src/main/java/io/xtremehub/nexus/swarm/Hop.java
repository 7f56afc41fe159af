package io.xtremehub.nexus.swarm;

/**
 * Consecutive steps of a policy's pipeline that run on one swarmlet.
 *
 * @param swarmlet the swarmlet that runs them
 * @param from position of the first step (inclusive)
 * @param to position after the last step (exclusive)
 */
public record Hop(String swarmlet, int from, int to) {
    /** Validates. */
    public Hop {
        if (from < 0 || to <= from) {
            throw new IllegalArgumentException("a hop runs at least one step: [" + from + ", " + to + ")");
        }
    }
}
