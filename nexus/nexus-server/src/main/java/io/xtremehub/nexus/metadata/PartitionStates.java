package io.xtremehub.nexus.metadata;

import java.util.List;
import java.util.Map;

/** Partition state of stateful streamlets in Redis under one {@link StateConcurrency}. */
interface PartitionStates {
    /** Reads the unit's states and the number a later {@link #save} must present. */
    StateClaim claim(String unit, String holder, List<String> stateKeys);

    /** Reads states without claiming them. */
    Map<String, StoredState> read(List<String> stateKeys);

    /**
     * Writes the unit's states if {@code epoch} is still current.
     *
     * @return the epoch the next save must carry
     * @throws StateFencedException if it is not; nothing was written
     */
    long save(String unit, long epoch, Map<String, StoredState> states);

    /** Writes refused because another worker wrote or claimed first, since the store was opened. */
    long conflicts();
}
