package io.xtremehub.faastream.internal.manager;

import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.ReaderGroup;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.StreamCut;
import io.pravega.client.stream.impl.SegmentWithRange;
import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.internal.io.EpochStaging;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.io.StageReaderGroups;
import io.xtremehub.faastream.internal.routing.SegmentRouter;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.pravega.SegmentRanges;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
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
    /** The job's stage count, which paces its reader groups ({@link StageReaderGroups}). */
    private final int stages;
    private final Path shuffleDir;
    private final List<String> createdStreams = new ArrayList<>();
    /** Each stream's configured minimum of segments, read once: a stream's config does not change under a job. */
    private final Map<String, Integer> minSegments = new HashMap<>();
    /** Deletes the state of epochs no longer needed ({@link #deleteEpochStateLater}); created on first use. */
    private ExecutorService epochStateDeletions;

    /** @param shuffleDir the job's local shuffle directory, or null when it has none */
    JobResources(PravegaContext ctx, StreamManager streams, ReaderGroupManager readerGroups, ObjectStore store,
                 ObjectStoreConfig storeConfig, JobNames names, boolean exactlyOnce, int stages, Path shuffleDir) {
        this.ctx = ctx;
        this.streams = streams;
        this.readerGroups = readerGroups;
        this.store = store;
        this.storeConfig = storeConfig;
        this.names = names;
        this.exactlyOnce = exactlyOnce;
        this.stages = stages;
        this.shuffleDir = shuffleDir;
    }

    /**
     * Where a batch job whose workers share this host parks its shuffle packs: under the system
     * property {@code faastream.shuffle.dir}, by default {@code <java.io.tmpdir>/faastream-shuffle}.
     */
    static Path shuffleDir(String jobId) {
        String root = System.getProperty("faastream.shuffle.dir");
        return (root != null ? Path.of(root) : Path.of(System.getProperty("java.io.tmpdir"), "faastream-shuffle"))
                .resolve(jobId).toAbsolutePath();
    }

    /**
     * Starts creating streams of the job, each with a fixed number of segments, all at once (the
     * controller works on them concurrently); {@link #delete} removes them.
     *
     * @return each stream's creation
     */
    Map<String, CompletableFuture<Boolean>> createStreams(Map<String, Integer> segmentsByName) {
        Map<String, CompletableFuture<Boolean>> created = new LinkedHashMap<>();
        for (Map.Entry<String, Integer> e : segmentsByName.entrySet()) {
            created.put(e.getKey(), ctx.controller().createStream(ctx.scope(), e.getKey(), StreamConfiguration.builder()
                    .scalingPolicy(io.pravega.client.stream.ScalingPolicy.fixed(e.getValue())).build()));
            createdStreams.add(e.getKey());
        }
        return created;
    }

    /** Counts streams that exist already (a resumed job's) as the job's, for {@link #delete}. */
    void adoptStreams(List<String> names) {
        createdStreams.addAll(names);
    }

    /** The stage's existing reader group (a resumed job's). */
    ReaderGroup openReaderGroup(int stage) {
        return readerGroups.getReaderGroup(names.readerGroup(stage));
    }

    /** Creates the stage's reader group once its stream exists, without waiting for the job's other streams. */
    CompletableFuture<ReaderGroup> createReaderGroupWhen(CompletableFuture<Boolean> streamCreated, int stage,
                                                        String stream, boolean keyed) {
        return streamCreated.thenApplyAsync(ok -> createReaderGroup(stage, stream, keyed), JobResources::blockingThread);
    }

    /** @param keyed whether the stage groups by key (see {@link StageReaderGroups#config}) */
    ReaderGroup createReaderGroup(int stage, String stream, boolean keyed) {
        readerGroups.createReaderGroup(names.readerGroup(stage), readerGroupConfig(stream, keyed));
        return readerGroups.getReaderGroup(names.readerGroup(stage));
    }

    ReaderGroupConfig readerGroupConfig(String stream, boolean keyed) {
        return StageReaderGroups.config(ctx.scope(), stream, exactlyOnce, keyed, stages);
    }

    /** How many segments of the stream are active now. */
    int segmentCount(String stream) {
        return new SegmentRouter(ctx.controller(), ctx.scope(), stream, 0).allSegments().size();
    }

    /**
     * Whether the reader group has moved on from every segment of the stream that a rescale sealed:
     * all segments it holds or has yet to hand out are active ones. Until then its readers go through
     * the sealed ones a reader checkpoint at a time, and a further rescale would queue a generation of
     * successors behind them.
     */
    boolean readsOnlyActiveSegments(ReaderGroup group, String stream) {
        Set<Long> active = new HashSet<>();
        for (SegmentRouter.Target t : new SegmentRouter(ctx.controller(), ctx.scope(), stream, 0).allSegments()) {
            active.add(t.segmentId());
        }
        StreamCut held = group.getStreamCuts().get(Stream.of(ctx.scope(), stream));
        return held == null || held.asImpl().getPositions().keySet().stream()
                .allMatch(s -> active.contains(s.getSegmentId()));
    }

    /**
     * The fewest segments the controller lets the stream have: its scaling policy's minimum (a stream
     * made with {@code ScalingPolicy.fixed(4)} refuses every rescale to fewer than 4 segments).
     */
    int minSegments(String stream) {
        return minSegments.computeIfAbsent(stream, s -> ctx.controller().getStreamConfiguration(ctx.scope(), s)
                .join().getScalingPolicy().getMinNumSegments());
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

    /**
     * Splits every current segment of {@code stream} into {@code factor} equal key ranges, so that
     * each new segment has exactly one predecessor (see {@code StageScaler.splitOnly}).
     */
    void splitStream(String stream, int factor) {
        Stream s = Stream.of(ctx.scope(), stream);
        var current = ctx.controller().getCurrentSegments(ctx.scope(), stream).join();
        List<Long> sealed = new ArrayList<>();
        Map<Double, Double> ranges = new LinkedHashMap<>();
        for (SegmentWithRange seg : SegmentRanges.ordered(current)) {
            sealed.add(seg.getSegment().getSegmentId());
            double low = seg.getRange().getLow();
            double width = seg.getRange().getHigh() - low;
            for (int i = 0; i < factor; i++) {
                ranges.put(low + width * i / factor, i == factor - 1 ? seg.getRange().getHigh() : low + width * (i + 1) / factor);
            }
        }
        boolean ok = ctx.controller().scaleStream(s, sealed, ranges, ctx.executor()).getFuture().join();
        if (!ok) {
            throw new IllegalStateException("the controller refused to split " + stream + " into " + factor
                    + " times its segments");
        }
    }

    /** Exactly-once: where the job's epochs stage objects until they are committed. */
    EpochStaging epochStaging() {
        return new EpochStaging(store, storeConfig.spillBucket(), names);
    }

    /** Exactly-once: merges a reduce stage's {@code KeyedState} at its commits. */
    KeyedStateCommits keyedStateCommits(int stage) {
        return new KeyedStateCommits(store, storeConfig.spillBucket(), names, stage);
    }

    /**
     * Removes the state a stage saved for an epoch that is no longer needed, in the background: a listing and
     * a delete per slot took 70-360 ms on the job's thread after every commit, which the next epoch waited for.
     * Deletions not done when the job ends go with its spilled objects ({@link #delete}).
     */
    void deleteEpochStateLater(int stage, long epoch) {
        ExecutorService deletions;
        synchronized (this) {
            if (epochStateDeletions == null) {
                // one thread, gone when idle: a job that stops without deleting its resources leaves none behind
                epochStateDeletions = new ThreadPoolExecutor(0, 1, 10, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "faastream-epoch-state-deletions");
                    t.setDaemon(true);
                    return t;
                });
            }
            deletions = epochStateDeletions;
        }
        try {
            deletions.execute(() -> {
                try {
                    store.deletePrefix(storeConfig.spillBucket(), names.epochStatePrefix(stage, epoch));
                } catch (RuntimeException e) {
                    LOG.debug("delete state of epoch {}: {}", epoch, e.toString());
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.debug("state of epoch {} left to the job's end: {}", epoch, e.toString());
        }
    }

    /** The reader-group and object-store clients block: a short-lived thread per call, so calls go at once. */
    private void deleteShuffleDir() {
        if (shuffleDir == null || !Files.exists(shuffleDir)) {
            return;
        }
        try (java.util.stream.Stream<Path> files = Files.walk(shuffleDir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.warn("could not delete the shuffle directory {}: {}", shuffleDir, e.toString());
        }
    }

    private static void blockingThread(Runnable r) {
        Thread t = new Thread(r, "faastream-job-resources");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Deletes the job's reader groups, streams and spilled objects, all at once (one by one, the
     * controller's seal-and-delete rounds add up to seconds per job); each failure is only logged.
     * Readers of the job's groups are all closed by now, and no group counts as a subscriber of its
     * stream, so a stream may go while its group is being deleted.
     */
    void delete(int stageCount) {
        synchronized (this) {
            if (epochStateDeletions != null) {
                epochStateDeletions.shutdownNow(); // the spill prefix goes below, with what they had left
            }
        }
        List<CompletableFuture<?>> all = new ArrayList<>();
        for (int i = 0; i < stageCount; i++) {
            String group = names.readerGroup(i);
            all.add(CompletableFuture.runAsync(() -> {
                try {
                    readerGroups.deleteReaderGroup(group);
                } catch (RuntimeException e) {
                    LOG.debug("delete reader group: {}", e.toString());
                }
            }, JobResources::blockingThread));
        }
        all.add(CompletableFuture.runAsync(() -> {
            try {
                store.deletePrefix(storeConfig.spillBucket(), names.spillPrefix());
            } catch (RuntimeException e) {
                LOG.debug("delete spill objects: {}", e.toString());
            }
            deleteShuffleDir();
        }, JobResources::blockingThread));
        for (String s : createdStreams) {
            all.add(ctx.controller().sealStream(ctx.scope(), s)
                    .thenCompose(sealed -> ctx.controller().deleteStream(ctx.scope(), s))
                    .exceptionally(e -> {
                        LOG.debug("delete stream {}: {}", s, e.toString());
                        return false;
                    }));
        }
        CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0])).join();
    }
}
