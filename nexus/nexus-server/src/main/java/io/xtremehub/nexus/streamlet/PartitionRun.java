package io.xtremehub.nexus.streamlet;

import java.util.Map;

/**
 * One chunk run on its partition's own pipeline instance ({@link PipelineFactory#begin}): run the
 * chunk through {@link #pipeline()}, then {@link #commit()} the state it left. Used with the
 * partition's lock held.
 */
public final class PartitionRun {
    private final PartitionInstance instance;
    private final String chunk;
    private final Map<ActivePipeline.Step, String> base;

    PartitionRun(PartitionInstance instance, String chunk, Map<ActivePipeline.Step, String> base) {
        this.instance = instance;
        this.chunk = chunk;
        this.base = base;
    }

    /** The partition's pipeline, its streamlets holding the state to process the chunk on. */
    public ActivePipeline pipeline() {
        return instance.pipeline();
    }

    /**
     * Stores the partition's state after the chunk, with the state before it.
     *
     * @throws io.xtremehub.nexus.metadata.StateFencedException if another worker claimed the
     *     partition meanwhile: the chunk must not be acknowledged, but retried at the new owner
     */
    public void commit() {
        instance.save(chunk, base);
    }
}
