package io.xtremehub.nexus.streamlet;

import io.xtremehub.nexus.metadata.MetadataStore;
import io.xtremehub.nexus.metadata.StateClaim;
import io.xtremehub.nexus.metadata.StoredState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A stream partition's own pipeline instance on this worker, whose stateful streamlets hold the
 * partition's state in their {@link io.xtremehub.nexus.api.Persistent} fields, and the claim that
 * state came from: writes carry the claim's epoch, so once another worker claimed the partition
 * they are refused. Used with the partition's lock held ({@link PipelineFactory#lock}).
 */
final class PartitionInstance {
    private final ActivePipeline pipeline;
    private final String unit;
    private final MetadataStore store;
    private final String holder;
    /** State key of each stateful step, by the step. */
    private final Map<ActivePipeline.Step, String> keys = new LinkedHashMap<>();
    private long epoch;
    private Map<String, StoredState> stored = Map.of();

    PartitionInstance(ActivePipeline pipeline, String partition, MetadataStore store, String holder) {
        this.pipeline = pipeline;
        this.unit = pipeline.policy().name() + "|" + partition;
        this.store = store;
        this.holder = holder;
        for (ActivePipeline.Step s : pipeline.steps()) {
            if (s.descriptor().stateful()) {
                keys.put(s, PipelineFactory.stateKey(pipeline.policy(), s, partition));
            }
        }
    }

    ActivePipeline pipeline() {
        return pipeline;
    }

    boolean claimed() {
        return epoch > 0;
    }

    /** Takes the partition's state over: this worker's writes now win over those of earlier claims. */
    void claim() {
        StateClaim claim = store.claimState(unit, holder, List.copyOf(keys.values()));
        epoch = claim.epoch();
        stored = claim.states();
        keys.forEach((step, key) -> {
            StoredState s = stored.get(key);
            if (s != null) {
                StreamletState.restore(step.streamlet(), s.json(), key);
            }
        });
    }

    /**
     * Starts a chunk's run. A chunk that is the partition's last one again (a retry of a PUT that
     * was applied but never acknowledged) runs on the state before it, so it is applied once.
     *
     * @param chunk the chunk's {@code bucket/key}
     */
    PartitionRun begin(String chunk) {
        Map<ActivePipeline.Step, String> base = new LinkedHashMap<>();
        keys.forEach((step, key) -> {
            StoredState s = stored.get(key);
            if (s != null && chunk.equals(s.lastChunk()) && s.before() != null) {
                StreamletState.restore(step.streamlet(), s.before(), key);
            }
            base.put(step, StreamletState.snapshot(step.streamlet()));
        });
        return new PartitionRun(this, chunk, base);
    }

    /** Writes the state a chunk's run left, fenced by this instance's claim. */
    void save(String chunk, Map<ActivePipeline.Step, String> base) {
        Map<String, StoredState> states = new LinkedHashMap<>();
        keys.forEach((step, key) -> states.put(key, new StoredState(StreamletState.snapshot(step.streamlet()), chunk,
                base.get(step))));
        epoch = store.saveState(unit, epoch, states);
        stored = Map.copyOf(states);
    }
}
