package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.internal.graph.JobSpec;
import io.xtremehub.faastream.internal.graph.SinkSpec;
import io.xtremehub.faastream.internal.graph.SourceSpec;
import io.xtremehub.faastream.internal.io.EpochStaging;
import io.xtremehub.faastream.internal.io.LargeEvents;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.internal.wire.WorkerLaunch;
import java.util.UUID;

/**
 * Opens what a worker reads and writes for its stage: the job's source or the stage's reader group,
 * and the next stage's stream or the job's sink, and the dead letters. Exactly-once, everything
 * written belongs to the current epoch ({@link #useEpoch}): events go into the stage's transaction,
 * sink parts, dead letters and parked large events are staged under it ({@link EpochStaging}).
 */
final class StageEndpoints {
    private final WorkerLaunch launch;
    private final PravegaContext ctx;
    private final ObjectStore store;
    private final JobSpec spec;
    private final JobNames names;
    /** Exactly-once: where objects wait for their epoch's commit; null in at-least-once jobs. */
    private final EpochStaging staging;
    /** Exactly-once: the transaction the output writes into (set by {@link #openOutput}). */
    private TransactionWrites transactionWrites;
    /** Exactly-once, set when opened: what follows the epoch besides the transaction. */
    private LargeEvents large;
    private BucketSinkOutput bucketSink;
    private DeadLetters deadLetters;

    StageEndpoints(WorkerLaunch launch, PravegaContext ctx, ObjectStore store) {
        this.launch = launch;
        this.ctx = ctx;
        this.store = store;
        this.spec = launch.spec();
        this.names = launch.names();
        this.staging = launch.exactlyOnce() == null ? null
                : new EpochStaging(store, launch.store().spillBucket(), names);
    }

    /** Whether the launch's stage reads a reader group (every stage after the first, and a streamed source). */
    static boolean readsReaderGroup(WorkerLaunch launch) {
        return launch.stage() > 0 || launch.spec().source().kind() == SourceSpec.Kind.STREAM
                && launch.settings().mode() == Mode.STREAM;
    }

    /** @param wholePacks whether packs of events are handed on whole (for a stage that keeps them so) */
    StageInput openInput(LargeEvents large, boolean wholePacks) {
        int i = launch.stage();
        boolean rebalance = launch.exactlyOnce() == null && !spec.stage(i).keyed();
        if (readsReaderGroup(launch)) {
            // after the first stage the events are enveloped; the source stream holds the user's bytes
            return new ReaderGroupInput(ctx, names.readerGroup(i), launch.workerId(), i > 0, large, rebalance,
                    i > 0 && wholePacks, spec.stageCount());
        }
        SourceSpec src = spec.source();
        if (src.kind() == SourceSpec.Kind.STREAM) {
            return new SegmentBatchInput(ctx, launch.splits());
        }
        return new BucketInput(store, src.format(), launch.splits());
    }

    StageOutput openOutput(LargeEvents large) {
        this.large = large;
        int i = launch.stage();
        if (!spec.lastStage(i)) {
            String stream = names.dataStream(i + 1);
            // a stage that holds its whole input and does not recover from checkpoints gets big packs;
            // exactly-once a keyed stage recovers from them, so its packs stay checkpoint-sized
            boolean holdsAll = spec.stage(i + 1).keyed() && launch.exactlyOnce() == null;
            return new IntermediateOutput(ctx, stream, writesTo(stream), large, launch.settings().largeEventThreshold(),
                    holdsAll ? Integer.MAX_VALUE : launch.settings().queueCapacity(),
                    holdsAll && launch.settings().mode() == Mode.BATCH);
        }
        SinkSpec sink = spec.sink();
        if (sink.kind() == SinkSpec.Kind.STREAM) {
            return new StreamSinkOutput(ctx, sink.stream(), writesTo(sink.stream()));
        }
        bucketSink = new BucketSinkOutput(store, sink.bucket(), sink.path(), sink.format(), launch.slot(),
                launch.settings().mode() == Mode.STREAM, staging);
        return bucketSink;
    }

    /** Where events the stage cannot process go, or null when the job has no dead-letter stream. */
    DeadLetters openDeadLetters() {
        String stream = launch.settings().errorPolicy().deadLetterStream();
        if (stream == null) {
            return null;
        }
        deadLetters = staging == null ? DeadLetters.toStream(ctx, stream)
                : DeadLetters.staged(staging, launch.workerId());
        return deadLetters;
    }

    /**
     * Exactly-once: what is written from now on belongs to epoch {@code epoch} (its transaction id).
     * The output must be flushed first; the dead letters of the closing epoch are staged here.
     */
    void useEpoch(UUID epoch) {
        if (transactionWrites != null) {
            transactionWrites.use(epoch);
        }
        if (bucketSink != null) {
            bucketSink.useEpoch(epoch);
        }
        if (deadLetters != null) {
            deadLetters.useEpoch(epoch);
        }
        if (large != null) {
            large.parkUnder(staging.largeEventPrefix(epoch));
        }
    }

    private EventWrites writesTo(String stream) {
        if (launch.exactlyOnce() == null) {
            return new DirectWrites(ctx, stream);
        }
        transactionWrites = new TransactionWrites(ctx, stream, launch.workerId());
        return transactionWrites;
    }
}
