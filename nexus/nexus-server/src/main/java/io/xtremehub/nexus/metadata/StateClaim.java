package io.xtremehub.nexus.metadata;

import java.util.Map;

/**
 * A worker's claim on the state of one (policy, partition): the fencing epoch its writes must carry
 * and the states stored when it claimed.
 *
 * @param epoch the epoch this claim made current; a later claim makes writes with it fail
 * @param states state key to stored state, for the keys that have one
 */
public record StateClaim(long epoch, Map<String, StoredState> states) {
    /** Copies. */
    public StateClaim {
        states = Map.copyOf(states);
    }
}
