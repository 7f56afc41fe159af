package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.internal.graph.JobSpec;
import io.xtremehub.faastream.internal.graph.SinkSpec;
import io.xtremehub.faastream.internal.graph.SourceSpec;
import io.xtremehub.faastream.internal.io.LargeEvents;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.internal.wire.WorkerLaunch;

/**
 * Opens what a worker reads and writes for its stage: the job's source or the stage's reader group,
 * and the next stage's stream or the job's sink; exactly-once, writes go into the stage's transaction.
 */
final class StageEndpoints {
    private final WorkerLaunch launch;
    private final PravegaContext ctx;
    private final ObjectStore store;
    private final JobSpec spec;
    private final JobNames names;
    /** Exactly-once: the transaction the output writes into (set by {@link #openOutput}). */
    private TransactionWrites transactionWrites;

    StageEndpoints(WorkerLaunch launch, PravegaContext ctx, ObjectStore store) {
        this.launch = launch;
        this.ctx = ctx;
        this.store = store;
        this.spec = launch.spec();
        this.names = launch.names();
    }

    /** @param wholePacks whether packs of events are handed on whole (for a stage that keeps them so) */
    StageInput openInput(LargeEvents large, boolean wholePacks) {
        int i = launch.stage();
        boolean rebalance = launch.exactlyOnce() == null && !spec.stage(i).keyed();
        if (i > 0) {
            return new ReaderGroupInput(ctx, names.readerGroup(i), launch.workerId(), true, large, rebalance,
                    wholePacks);
        }
        SourceSpec src = spec.source();
        if (src.kind() == SourceSpec.Kind.STREAM) {
            if (launch.settings().mode() == Mode.STREAM) {
                return new ReaderGroupInput(ctx, names.readerGroup(0), launch.workerId(), false, large, rebalance,
                        false);
            }
            return new SegmentBatchInput(ctx, launch.splits());
        }
        return new BucketInput(store, src.format(), launch.splits());
    }

    StageOutput openOutput(LargeEvents large) {
        int i = launch.stage();
        if (!spec.lastStage(i)) {
            String stream = names.dataStream(i + 1);
            // a stage that holds its whole input does not recover from checkpoints: big packs for it
            boolean holdsAll = spec.stage(i + 1).keyed();
            return new IntermediateOutput(ctx, stream, writesTo(stream), large, launch.settings().largeEventThreshold(),
                    holdsAll ? Integer.MAX_VALUE : launch.settings().queueCapacity(),
                    holdsAll && launch.settings().mode() == Mode.BATCH);
        }
        SinkSpec sink = spec.sink();
        if (sink.kind() == SinkSpec.Kind.STREAM) {
            return new StreamSinkOutput(ctx, sink.stream(), writesTo(sink.stream()));
        }
        if (launch.exactlyOnce() != null) {
            throw new IllegalStateException("exactly-once jobs write to a stream sink only");
        }
        return new BucketSinkOutput(store, sink.bucket(), sink.path(), sink.format(), launch.slot(),
                launch.settings().mode() == Mode.STREAM);
    }

    /** Exactly-once: the output's transactional writes, once the output is open. */
    TransactionWrites transactionWrites() {
        return transactionWrites;
    }

    private EventWrites writesTo(String stream) {
        if (launch.exactlyOnce() == null) {
            return new DirectWrites(ctx, stream);
        }
        transactionWrites = new TransactionWrites(ctx, stream, launch.workerId());
        return transactionWrites;
    }
}
