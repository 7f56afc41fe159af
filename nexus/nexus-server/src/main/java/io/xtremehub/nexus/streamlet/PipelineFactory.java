package io.xtremehub.nexus.streamlet;

import io.xtremehub.nexus.api.Streamlet;
import io.xtremehub.nexus.api.StreamletDescriptor;
import io.xtremehub.nexus.metadata.MetadataStore;
import io.xtremehub.nexus.policy.ChunkId;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Builds and caches the {@link ActivePipeline} of each policy version. A policy whose pipeline has
 * a stateful streamlet gets, for each stream partition, an instance of its own whose
 * {@link io.xtremehub.nexus.api.Persistent} fields hold that partition's state: claimed from the
 * metadata store when the instance is created ({@link PartitionInstance}), written back, fenced by
 * that claim, after every chunk stored. Requests of one partition are processed one at a time, in
 * arrival order ({@link #lock}). While this worker is the only one processing its partitions (a
 * single worker, or a swarmlet with partition-aware routing) the instance's state stays fresh in
 * memory; otherwise every chunk claims it again.
 */
public final class PipelineFactory implements AutoCloseable {
    private static final int PARTITION_CACHE = 4096;
    private static final int LOCK_STRIPES = 1024;

    private final StreamletRegistry registry;
    private final MetadataStore metadata;
    private final Map<String, ActivePipeline> cache = new ConcurrentHashMap<>();
    private final Map<String, PartitionInstance> partitions = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(256, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, PartitionInstance> eldest) {
                    return size() > PARTITION_CACHE;
                }
            });
    private final ReentrantLock[] locks = new ReentrantLock[LOCK_STRIPES];
    private volatile boolean exclusive = true;
    private final String holder;

    /** Uses the registry to create streamlets and the metadata store for their state, as worker "local". */
    public PipelineFactory(StreamletRegistry registry, MetadataStore metadata) {
        this(registry, metadata, "local");
    }

    /**
     * Uses the registry to create streamlets and the metadata store for their state.
     *
     * @param workerId this worker's id, recorded with its claims on partition state
     */
    public PipelineFactory(StreamletRegistry registry, MetadataStore metadata, String workerId) {
        this.registry = registry;
        this.metadata = metadata;
        this.holder = workerId;
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new ReentrantLock(true); // fair: a partition's requests go in arrival order
        }
    }

    /** The key of a chunk's partition ({@code stream/partition}), if its key layout names one. */
    public static Optional<String> partitionKey(ChunkId chunk) {
        if (chunk == null || chunk.partition() == null) {
            return Optional.empty();
        }
        return Optional.of(chunk.stream() == null ? chunk.partition() : chunk.stream() + "/" + chunk.partition());
    }

    /** Whether the policy's pipeline has a stateful streamlet (and so is run per partition). */
    public boolean isStateful(Policy policy) {
        return pipeline(policy).stateful();
    }

    /**
     * The pipeline to run on a chunk: the partition's own instance for a stateful policy and a
     * chunk with a partition, else the policy version's shared one.
     */
    public ActivePipeline pipeline(Policy policy, ChunkId chunk) {
        Optional<String> partition = partitionKey(chunk);
        if (partition.isEmpty() || !isStateful(policy)) {
            return pipeline(policy);
        }
        return instance(policy, partition.get()).pipeline();
    }

    private PartitionInstance instance(Policy policy, String partition) {
        String key = policy.id() + "|" + partition;
        synchronized (partitions) {
            PartitionInstance p = partitions.get(key);
            if (p == null) {
                p = new PartitionInstance(build(policy), partition, metadata, holder);
                if (exclusive) {
                    p.claim(); // else every chunk claims anyway (begin) and every read reloads (beforeRead)
                }
                partitions.put(key, p);
            }
            return p;
        }
    }

    /** The lock serializing the chunks of one partition of a policy, granted in arrival order. */
    public Lock lock(Policy policy, ChunkId chunk) {
        String key = policy.name() + "|" + partitionKey(chunk).orElse("");
        return locks[Math.floorMod(key.hashCode(), LOCK_STRIPES)];
    }

    /**
     * Starts processing a chunk of a stateful policy's partition, with the partition's lock held:
     * claims the partition's state first unless this worker's instance holds it already.
     *
     * @param chunkName the chunk's {@code bucket/key}, which tells a retried chunk from a new one
     */
    public PartitionRun begin(Policy policy, ChunkId chunk, String chunkName) {
        PartitionInstance p = instance(policy, partitionKey(chunk).orElseThrow(() ->
                new IllegalArgumentException("chunk " + chunkName + " names no partition")));
        if (!exclusive || !p.claimed()) {
            p.claim();
        }
        return p.begin(chunkName);
    }

    /** Before a read: gives the partition's instance a fresh view of its state if another worker may have changed it. */
    public void beforeRead(ActivePipeline pipeline, ChunkId chunk) {
        if (!exclusive && pipeline != pipeline(pipeline.policy())) {
            String partition = partitionKey(chunk).orElseThrow();
            Lock lock = lock(pipeline.policy(), chunk);
            lock.lock();
            try {
                List<String> keys = new ArrayList<>();
                Map<String, ActivePipeline.Step> steps = new java.util.HashMap<>();
                for (ActivePipeline.Step s : pipeline.steps()) {
                    if (s.descriptor().stateful()) {
                        String key = stateKey(pipeline.policy(), s, partition);
                        keys.add(key);
                        steps.put(key, s);
                    }
                }
                metadata.readState(keys).forEach((key, state) ->
                        StreamletState.restore(steps.get(key).streamlet(), state.json(), key));
            } finally {
                lock.unlock();
            }
        }
    }

    /** Called after a chunk failed: the partition's instance may hold half-applied state, so drop it. */
    public void discard(Policy policy, ChunkId chunk) {
        partitionKey(chunk).ifPresent(p -> partitions.remove(policy.id() + "|" + p));
    }

    /**
     * Whether this worker is the only one processing the partitions it sees. False makes every
     * chunk claim its partition's state first. Changing it, or calling it again after partition
     * ownership moved, drops the partition instances so they claim their state again.
     */
    public void exclusiveState(boolean value) {
        exclusive = value;
        partitions.clear();
    }

    static String stateKey(Policy policy, ActivePipeline.Step step, String partition) {
        return policy.name() + "/" + step.position() + "/" + step.descriptor().name() + "/" + partition;
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
        return new ActivePipeline(policy, steps);
    }

    /** The data-source streamlets of every pipeline in use, to invalidate what they keep. */
    public java.util.List<io.xtremehub.nexus.api.DataSourceStreamlet> dataSources() {
        java.util.List<io.xtremehub.nexus.api.DataSourceStreamlet> result = new java.util.ArrayList<>();
        cache.values().forEach(p -> result.addAll(p.dataSources()));
        synchronized (partitions) {
            partitions.values().forEach(p -> result.addAll(p.pipeline().dataSources()));
        }
        return result;
    }

    @Override
    public void close() {
        cache.values().forEach(ActivePipeline::close);
        cache.clear();
        partitions.clear();
    }
}
