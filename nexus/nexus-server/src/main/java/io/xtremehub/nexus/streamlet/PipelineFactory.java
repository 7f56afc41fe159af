package io.xtremehub.nexus.streamlet;

import io.xtremehub.nexus.api.Streamlet;
import io.xtremehub.nexus.api.StreamletDescriptor;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Builds and caches the {@link ActivePipeline} of each policy version. */
public final class PipelineFactory implements AutoCloseable {
    private final StreamletRegistry registry;
    private final Map<String, ActivePipeline> cache = new ConcurrentHashMap<>();

    /** Uses the registry to create streamlets. */
    public PipelineFactory(StreamletRegistry registry) {
        this.registry = registry;
    }

    /**
     * The pipeline of a policy version, created on first use.
     *
     * @throws IllegalArgumentException with a one-line message if a streamlet is unknown or
     *     misconfigured
     */
    public ActivePipeline pipeline(Policy policy) {
        ActivePipeline existing = cache.get(policy.id());
        if (existing != null) {
            return existing;
        }
        return cache.computeIfAbsent(policy.id(), id -> build(policy));
    }

    /** Builds a pipeline without caching it: validates a policy before it is stored. */
    public ActivePipeline build(Policy policy) {
        List<ActivePipeline.Step> steps = new ArrayList<>();
        try {
            for (int i = 0; i < policy.pipeline().size(); i++) {
                StreamletRef ref = policy.pipeline().get(i);
                Streamlet s;
                try {
                    s = registry.create(ref.name(), ref.parameters());
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("policy '" + policy.name() + "' step " + (i + 1) + " ("
                            + ref.name() + "): " + e.getMessage(), e);
                }
                steps.add(new ActivePipeline.Step(i, StreamletDescriptor.of(s.getClass()), s, ref.parameters()));
            }
        } catch (RuntimeException e) {
            new ActivePipeline(policy, steps).close();
            throw e;
        }
        return new ActivePipeline(policy, List.copyOf(steps));
    }

    /** The data-source streamlets of every pipeline in use, to invalidate what they keep. */
    public java.util.List<io.xtremehub.nexus.api.DataSourceStreamlet> dataSources() {
        java.util.List<io.xtremehub.nexus.api.DataSourceStreamlet> result = new java.util.ArrayList<>();
        for (ActivePipeline p : cache.values()) {
            for (ActivePipeline.Step s : p.steps()) {
                if (s.dataSource() != null) {
                    result.add(s.dataSource());
                }
            }
        }
        return result;
    }

    @Override
    public void close() {
        cache.values().forEach(ActivePipeline::close);
        cache.clear();
    }
}
