package io.xtremehub.nexus.metadata;

import io.xtremehub.nexus.policy.Policy;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Versioned system metadata of one swarmlet: policies (every version is kept, so objects written
 * under an old version still read back) and streamlet registrations.
 */
public interface MetadataStore extends AutoCloseable {
    /**
     * Stores a new version of the policy (version 1 if new) and makes it active; returns it with its
     * version. Defining again exactly what the latest version already says (see
     * {@link Policy#sameDefinition}) creates no new version: that version is returned (and made
     * active again if it was deleted), so a deployment may define its policies at every start.
     */
    Policy definePolicy(Policy policy);

    /** Retires the policy; its versions stay readable. Returns false if no such active policy. */
    boolean deletePolicy(String name);

    /** The current version of every active policy, ordered by name. */
    List<Policy> activePolicies();

    /**
     * The active version of a policy as the store holds it now, not as a cache remembers it (a
     * worker checking that another runs the same version must not trust a stale view). Stores that
     * cache drop their cache when it is out of date.
     */
    default Optional<Policy> currentPolicy(String name) {
        return activePolicies().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** A specific version of a policy, active or retired. */
    Optional<Policy> policy(String name, long version);

    /** Adds or replaces a streamlet registration. */
    void registerStreamlet(StreamletRegistration registration);

    /** All streamlet registrations. */
    List<StreamletRegistration> streamlets();

    /**
     * Claims the persistent state of one (policy, partition) for a worker, which then owns it: makes
     * a new fencing epoch current for {@code unit} and returns it with the states stored under
     * {@code keys}, in one atomic step, so no write of an earlier claim can land after this read.
     * Not cached: every call reads the store (see {@link #stateReads()}).
     *
     * @param unit what is owned as one, e.g. {@code policy|stream/partition}
     * @param holder the claiming worker's id (said in the fencing messages of the others)
     * @param keys the state keys of the unit's stateful steps
     */
    StateClaim claimState(String unit, String holder, List<String> keys);

    /**
     * Reads stored states without claiming them (a reader that does not own the partition). Not
     * cached: every call reads the store (see {@link #stateReads()}).
     */
    Map<String, StoredState> readState(List<String> keys);

    /**
     * Stores the states of a unit, durably and all at once, if {@code epoch} is still the unit's
     * current epoch.
     *
     * @return the epoch the unit's next save must carry ({@code epoch} itself when fenced; the next
     *     version under {@link StateConcurrency#OPTIMISTIC}, where each write makes a new one)
     * @throws StateFencedException if another claim came after the one of {@code epoch}; nothing was stored
     */
    long saveState(String unit, long epoch, Map<String, StoredState> states);

    /** How many times {@link #claimState} or {@link #readState} read the store since it was opened. */
    long stateReads();

    /** Runs the listener after any change, including changes made by other workers. */
    void addListener(Runnable listener);

    /** Short description for status output, e.g. {@code in-process} or {@code redis://host:port}. */
    String describe();

    @Override
    default void close() {
    }
}
