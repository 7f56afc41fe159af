package io.xtremehub.nexus.pipeline;

import io.xtremehub.nexus.api.ObjectRef;
import io.xtremehub.nexus.api.StreamletContext;
import io.xtremehub.nexus.policy.ChunkId;
import io.xtremehub.nexus.policy.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link StreamletContext} of one pipeline run; each streamlet sees it through a {@link #forStep}
 * view. On GET the key/values the writing run stored as the object's tags are loaded before a streamlet
 * first reads the context, so a GET whose streamlets never look at it costs no extra backend read.
 */
final class PipelineContext {
    private static final Logger LOG = LoggerFactory.getLogger(PipelineContext.class);
    private static final Pattern KEY = Pattern.compile("[a-z0-9._-]{1,64}");
    private static final Pattern VALUE = Pattern.compile("[\\x20-\\x7e]{0,512}");

    private volatile ObjectRef object;
    private final ChunkId chunk;
    private final Policy policy;
    private final Map<String, String> entries = new TreeMap<>();
    private final List<Runnable> commitActions = new ArrayList<>();
    private volatile String route;
    private Supplier<Map<String, String>> stored;

    PipelineContext(ObjectRef object, ChunkId chunk, Policy policy, Map<String, String> loaded) {
        this(object, chunk, policy, loaded, null);
    }

    /**
     * @param loaded key/values known up front
     * @param stored the key/values stored with the object, read once when the context is first read;
     *     null on PUT, where the context starts empty
     */
    PipelineContext(ObjectRef object, ChunkId chunk, Policy policy, Map<String, String> loaded,
                    Supplier<Map<String, String>> stored) {
        this.object = object;
        this.chunk = chunk == null ? new ChunkId(null, null) : chunk;
        this.policy = policy;
        this.stored = stored;
        entries.putAll(loaded);
    }

    /** Merges the stored key/values in (once); keys the running pipeline set already win. Hold the lock. */
    private void load() {
        if (stored != null) {
            Supplier<Map<String, String>> s = stored;
            stored = null;
            s.get().forEach(entries::putIfAbsent);
        }
    }

    void object(ObjectRef updated) {
        this.object = updated;
    }

    ObjectRef object() {
        return object;
    }

    synchronized Map<String, String> entries() {
        load();
        return Map.copyOf(entries);
    }

    String route() {
        return route;
    }

    /** Runs the commit actions; a failing action is logged, the stored object stays. */
    void commit() {
        List<Runnable> actions;
        synchronized (this) {
            actions = List.copyOf(commitActions);
        }
        for (Runnable r : actions) {
            try {
                r.run();
            } catch (RuntimeException e) {
                LOG.warn("commit action of policy {} failed for {}/{}", policy.id(), object.bucket(), object.key(), e);
            }
        }
    }

    /** The view one streamlet gets, with its own parameters. */
    StreamletContext forStep(Map<String, String> parameters) {
        return new StreamletContext() {
            @Override
            public ObjectRef object() {
                return object;
            }

            @Override
            public Optional<String> stream() {
                return Optional.ofNullable(chunk.stream());
            }

            @Override
            public Optional<String> partition() {
                return Optional.ofNullable(chunk.partition());
            }

            @Override
            public String policyName() {
                return policy.name();
            }

            @Override
            public long policyVersion() {
                return policy.version();
            }

            @Override
            public Map<String, String> parameters() {
                return parameters;
            }

            @Override
            public Optional<String> get(String key) {
                synchronized (PipelineContext.this) {
                    load();
                    return Optional.ofNullable(entries.get(key));
                }
            }

            @Override
            public void put(String key, String value) {
                if (!KEY.matcher(key).matches()) {
                    throw new IllegalArgumentException("context key '" + key + "' must be 1-64 of [a-z0-9._-]");
                }
                if (value == null || !VALUE.matcher(value).matches()) {
                    throw new IllegalArgumentException("context value for '" + key
                            + "' must be at most 512 printable ASCII characters");
                }
                synchronized (PipelineContext.this) {
                    entries.put(key, value);
                }
            }

            @Override
            public Map<String, String> entries() {
                return PipelineContext.this.entries();
            }

            @Override
            public void routeTo(String bucket) {
                if (!policy.allowsOutput(bucket)) {
                    throw new IllegalArgumentException("bucket '" + bucket + "' is not an output bucket of policy "
                            + policy.name() + " " + policy.outputBuckets());
                }
                route = bucket;
            }

            @Override
            public void onCommit(Runnable action) {
                synchronized (PipelineContext.this) {
                    commitActions.add(action);
                }
            }
        };
    }
}
