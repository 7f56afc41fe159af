package io.xtremehub.nexus.metadata;

import io.xtremehub.nexus.policy.Policy;
import java.util.List;
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

    /** A specific version of a policy, active or retired. */
    Optional<Policy> policy(String name, long version);

    /** Adds or replaces a streamlet registration. */
    void registerStreamlet(StreamletRegistration registration);

    /** All streamlet registrations. */
    List<StreamletRegistration> streamlets();

    /**
     * The persistent state of a stateful streamlet for one partition (JSON), if any was stored. Not
     * cached: every call reads the store (see {@link #stateReads()}).
     */
    Optional<String> loadState(String key);

    /** Stores the persistent state of a stateful streamlet for one partition, durably. */
    void storeState(String key, String json);

    /** How many times {@link #loadState} read the store since it was opened. */
    long stateReads();

    /** Runs the listener after any change, including changes made by other workers. */
    void addListener(Runnable listener);

    /** Short description for status output, e.g. {@code in-process} or {@code redis://host:port}. */
    String describe();

    @Override
    default void close() {
    }
}
