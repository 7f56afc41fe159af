package io.xtremehub.nexus.metadata;

import io.xtremehub.nexus.policy.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** The default, in-process metadata store of a single worker. */
public final class InMemoryMetadataStore implements MetadataStore {
    private final Map<String, TreeMap<Long, Policy>> versions = new TreeMap<>();
    private final Map<String, Long> active = new TreeMap<>();
    private final Map<String, StreamletRegistration> streamlets = new TreeMap<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    @Override
    public Policy definePolicy(Policy policy) {
        Policy stored;
        synchronized (this) {
            TreeMap<Long, Policy> history = versions.computeIfAbsent(policy.name(), n -> new TreeMap<>());
            long next = history.isEmpty() ? 1 : history.lastKey() + 1;
            stored = policy.withVersion(next);
            history.put(next, stored);
            active.put(policy.name(), next);
        }
        fire();
        return stored;
    }

    @Override
    public boolean deletePolicy(String name) {
        boolean removed;
        synchronized (this) {
            removed = active.remove(name) != null;
        }
        if (removed) {
            fire();
        }
        return removed;
    }

    @Override
    public synchronized List<Policy> activePolicies() {
        List<Policy> result = new ArrayList<>();
        active.forEach((name, version) -> result.add(versions.get(name).get(version)));
        return result;
    }

    @Override
    public synchronized Optional<Policy> policy(String name, long version) {
        TreeMap<Long, Policy> history = versions.get(name);
        return history == null ? Optional.empty() : Optional.ofNullable(history.get(version));
    }

    @Override
    public void registerStreamlet(StreamletRegistration registration) {
        synchronized (this) {
            streamlets.put(registration.name(), registration);
        }
        fire();
    }

    @Override
    public synchronized List<StreamletRegistration> streamlets() {
        return List.copyOf(streamlets.values());
    }

    @Override
    public void addListener(Runnable listener) {
        listeners.add(listener);
    }

    @Override
    public String describe() {
        return "in-process";
    }

    private void fire() {
        listeners.forEach(Runnable::run);
    }
}
