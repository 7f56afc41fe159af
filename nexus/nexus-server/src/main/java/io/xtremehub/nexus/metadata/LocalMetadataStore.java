package io.xtremehub.nexus.metadata;

import io.xtremehub.nexus.policy.Policy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The default, in-process metadata store of a single worker. Given a file (the server uses
 * {@code <workDir>/metadata.json}) it is durable: every change is written to the file before the
 * call returns and the file is loaded at start, so a worker restarted on the same work directory
 * still knows every policy version its objects were written under. Stateful streamlets' state is
 * kept beside it, small files per partition under {@code state/}, written the same atomic way; the
 * fencing epochs of partition state live in memory, since one worker uses one store.
 * Without a file it lives in memory only, which suits throw-away workers on a temporary directory.
 */
public final class LocalMetadataStore implements MetadataStore {
    private final Map<String, TreeMap<Long, Policy>> versions = new TreeMap<>();
    private final Map<String, Long> active = new TreeMap<>();
    private final Map<String, StreamletRegistration> streamlets = new TreeMap<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final MetadataFile file;
    private final Map<String, StoredState> state = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<String, Long> epochs = new java.util.HashMap<>();
    private final Map<String, String> holders = new java.util.HashMap<>();
    private final java.util.concurrent.atomic.AtomicLong stateReads = new java.util.concurrent.atomic.AtomicLong();
    private volatile List<Policy> activeSnapshot = List.of();

    private LocalMetadataStore(MetadataFile file) {
        this.file = file;
        if (file != null) {
            load(file.load());
        }
    }

    /** A store that forgets everything when the process ends. */
    public static LocalMetadataStore inMemory() {
        return new LocalMetadataStore(null);
    }

    /**
     * A store kept in {@code jsonFile}, loaded now if it exists.
     *
     * @throws IllegalStateException with one line if the file is corrupt or used by another worker
     */
    public static LocalMetadataStore durable(Path jsonFile) {
        MetadataFile f = new MetadataFile(jsonFile);
        try {
            return new LocalMetadataStore(f);
        } catch (RuntimeException e) {
            f.close();
            throw e;
        }
    }

    private void load(MetadataFile.Content content) {
        for (Policy p : content.policies()) {
            versions.computeIfAbsent(p.name(), n -> new TreeMap<>()).put(p.version(), p);
        }
        content.active().forEach((name, version) -> {
            if (versions.getOrDefault(name, new TreeMap<>()).containsKey(version)) {
                active.put(name, version);
            } else {
                throw new IllegalStateException("Nexus metadata " + file.path() + " marks " + name + "@" + version
                        + " active but holds no such version: restore the file from a backup");
            }
        });
        content.streamlets().forEach(r -> streamlets.put(r.name(), r));
        refreshSnapshot();
    }

    @Override
    public Policy definePolicy(Policy policy) {
        Policy stored;
        synchronized (this) {
            TreeMap<Long, Policy> history = versions.computeIfAbsent(policy.name(), n -> new TreeMap<>());
            boolean appended = false;
            if (!history.isEmpty() && history.lastEntry().getValue().sameDefinition(policy)) {
                stored = history.lastEntry().getValue();
                if (stored.version() == active.getOrDefault(policy.name(), -1L)) {
                    return stored; // identical redefinition: same version, nothing changes
                }
            } else {
                stored = policy.withVersion(history.isEmpty() ? 1 : history.lastKey() + 1);
                history.put(stored.version(), stored);
                appended = true;
            }
            Long before = active.put(policy.name(), stored.version());
            try {
                persist();
            } catch (RuntimeException e) {
                if (appended) {
                    history.remove(stored.version());
                }
                if (before == null) {
                    active.remove(policy.name());
                } else {
                    active.put(policy.name(), before);
                }
                throw e;
            }
            refreshSnapshot();
        }
        fire();
        return stored;
    }

    @Override
    public boolean deletePolicy(String name) {
        synchronized (this) {
            Long removed = active.remove(name);
            if (removed == null) {
                return false;
            }
            try {
                persist();
            } catch (RuntimeException e) {
                active.put(name, removed);
                throw e;
            }
            refreshSnapshot();
        }
        fire();
        return true;
    }

    @Override
    public List<Policy> activePolicies() {
        return activeSnapshot;
    }

    @Override
    public synchronized Optional<Policy> policy(String name, long version) {
        TreeMap<Long, Policy> history = versions.get(name);
        return history == null ? Optional.empty() : Optional.ofNullable(history.get(version));
    }

    @Override
    public void registerStreamlet(StreamletRegistration registration) {
        synchronized (this) {
            StreamletRegistration before = streamlets.put(registration.name(), registration);
            if (registration.equals(before)) {
                return;
            }
            try {
                persist();
            } catch (RuntimeException e) {
                if (before == null) {
                    streamlets.remove(registration.name());
                } else {
                    streamlets.put(registration.name(), before);
                }
                throw e;
            }
        }
        fire();
    }

    @Override
    public synchronized List<StreamletRegistration> streamlets() {
        return List.copyOf(streamlets.values());
    }

    @Override
    public StateClaim claimState(String unit, String holder, List<String> keys) {
        synchronized (epochs) {
            long epoch = epochs.merge(unit, 1L, Long::sum);
            holders.put(unit, holder);
            return new StateClaim(epoch, readState(keys));
        }
    }

    @Override
    public Map<String, StoredState> readState(List<String> keys) {
        stateReads.incrementAndGet();
        Map<String, StoredState> result = new java.util.HashMap<>();
        for (String key : keys) {
            StoredState cached = state.get(key);
            Optional<StoredState> found = cached != null || file == null ? Optional.ofNullable(cached)
                    : file.loadState(key);
            found.ifPresent(s -> result.put(key, s));
        }
        return result;
    }

    @Override
    public long saveState(String unit, long epoch, Map<String, StoredState> states) {
        // one worker per store: the epochs only fence the worker's own stale partition instances
        synchronized (epochs) {
            long current = epochs.getOrDefault(unit, 0L);
            if (current != epoch) {
                throw new StateFencedException("state of " + unit + " not written: " + holders.get(unit)
                        + " claimed it (epoch " + current + ") after the claim of epoch " + epoch);
            }
            states.forEach((key, s) -> {
                if (file != null) {
                    file.storeState(key, s);
                }
                state.put(key, s);
            });
        }
        return epoch;
    }

    @Override
    public long stateReads() {
        return stateReads.get();
    }

    @Override
    public void addListener(Runnable listener) {
        listeners.add(listener);
    }

    @Override
    public String describe() {
        return file == null ? "in-process (memory only)" : "in-process (" + file.path() + ")";
    }

    @Override
    public void close() {
        if (file != null) {
            file.close();
        }
    }

    /** Called with the monitor held. */
    private void persist() {
        if (file == null) {
            return;
        }
        List<Policy> all = new ArrayList<>();
        versions.values().forEach(h -> all.addAll(h.values()));
        file.store(new MetadataFile.Content(MetadataFile.FORMAT, all, active, List.copyOf(streamlets.values())));
    }

    /** Called with the monitor held: the lock-free view the request path reads. */
    private void refreshSnapshot() {
        List<Policy> result = new ArrayList<>();
        active.forEach((name, version) -> result.add(versions.get(name).get(version)));
        activeSnapshot = List.copyOf(result);
    }

    private void fire() {
        listeners.forEach(Runnable::run);
    }
}
