package io.xtremehub.faastream.internal.manager;

import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.ReaderGroup;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.routing.SegmentRouter;
import io.xtremehub.faastream.internal.wire.JobNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one job creates outside the manager: its intermediate and channel streams, its reader groups
 * and its spilled objects; and their removal when the job ends.
 */
final class JobResources {
    private static final Logger LOG = LoggerFactory.getLogger(JobResources.class);
    private final PravegaContext ctx;
    private final StreamManager streams;
    private final ReaderGroupManager readerGroups;
    private final ObjectStore store;
    private final ObjectStoreConfig storeConfig;
    private final JobNames names;
    private final boolean exactlyOnce;
    private final List<String> createdStreams = new ArrayList<>();

    JobResources(PravegaContext ctx, StreamManager streams, ReaderGroupManager readerGroups, ObjectStore store,
                 ObjectStoreConfig storeConfig, JobNames names, boolean exactlyOnce) {
        this.ctx = ctx;
        this.streams = streams;
        this.readerGroups = readerGroups;
        this.store = store;
        this.storeConfig = storeConfig;
        this.names = names;
        this.exactlyOnce = exactlyOnce;
    }

    /** Creates a stream of the job with a fixed number of segments; {@link #delete} removes it. */
    void createStream(String name, int segments) {
        streams.createStream(ctx.scope(), name, StreamConfiguration.builder()
                .scalingPolicy(io.pravega.client.stream.ScalingPolicy.fixed(segments)).build());
        createdStreams.add(name);
    }

    ReaderGroup createReaderGroup(int stage, String stream) {
        readerGroups.createReaderGroup(names.readerGroup(stage), readerGroupConfig(stream));
        return readerGroups.getReaderGroup(names.readerGroup(stage));
    }

    ReaderGroupConfig readerGroupConfig(String stream) {
        ReaderGroupConfig.ReaderGroupConfigBuilder b = ReaderGroupConfig.builder().stream(Stream.of(ctx.scope(), stream));
        // exactly-once: the only checkpoints are the epochs' (each closes a transaction); otherwise
        // checkpoint every second: successors of merged segments are only released at a checkpoint
        return exactlyOnce ? b.disableAutomaticCheckpoints().build() : b.automaticCheckpointIntervalMillis(1000).build();
    }

    /** Reseals every active segment of the stream into {@code count} equal key ranges. */
    void scaleStream(String stream, int count) {
        SegmentRouter router = new SegmentRouter(ctx.controller(), ctx.scope(), stream, 0);
        List<Long> sealed = router.allSegments().stream().map(SegmentRouter.Target::segmentId).toList();
        Map<Double, Double> ranges = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            ranges.put((double) i / count, i == count - 1 ? 1.0 : (double) (i + 1) / count);
        }
        boolean ok = ctx.controller().scaleStream(Stream.of(ctx.scope(), stream), sealed, ranges, ctx.executor())
                .getFuture().join();
        if (!ok) {
            throw new IllegalStateException("the controller refused to scale " + stream + " to " + count + " segments");
        }
    }

    /** Removes the state a stage saved for an epoch that is no longer needed. */
    void deleteEpochState(int stage, long epoch) {
        try {
            store.deletePrefix(storeConfig.spillBucket(), names.epochStatePrefix(stage, epoch));
        } catch (RuntimeException e) {
            LOG.debug("delete state of epoch {}: {}", epoch, e.toString());
        }
    }

    /** Deletes the job's reader groups, streams and spilled objects; each failure is only logged. */
    void delete(int stageCount) {
        for (int i = 0; i < stageCount; i++) {
            try {
                readerGroups.deleteReaderGroup(names.readerGroup(i));
            } catch (RuntimeException e) {
                LOG.debug("delete reader group: {}", e.toString());
            }
        }
        for (String s : createdStreams) {
            try {
                streams.sealStream(ctx.scope(), s);
                streams.deleteStream(ctx.scope(), s);
            } catch (RuntimeException e) {
                LOG.debug("delete stream {}: {}", s, e.toString());
            }
        }
        try {
            store.deletePrefix(storeConfig.spillBucket(), names.spillPrefix());
        } catch (RuntimeException e) {
            LOG.debug("delete spill objects: {}", e.toString());
        }
    }
}
