package io.xtremehub.flink.source.enumerator;

import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamInfo;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.Checkpoint;
import io.pravega.client.stream.Position;
import io.pravega.client.stream.ReaderGroup;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.ReaderGroupNotFoundException;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamCut;
import io.pravega.client.stream.impl.CheckpointFailedException;
import io.pravega.client.stream.impl.PositionImpl;
import io.xtremehub.flink.internal.StreamChecks;
import io.xtremehub.flink.source.PravegaSourceSettings;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The enumerator's handle on the Pravega reader group: creates or rewinds it, asks which
 * readers are online, takes reader-group checkpoints, takes a failed reader out at its
 * checkpointed position and reports how much is left to read.
 * It holds the Pravega clients so the enumerator itself only speaks Flink.
 */
final class ReaderGroupCoordinator implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReaderGroupCoordinator.class);

    private static final int MAX_OUTSTANDING_CHECKPOINTS = 10;

    private final PravegaSourceSettings settings;
    private final ScheduledExecutorService executor;
    private final StreamManager streams;
    private final ReaderGroupManager groups;
    private ReaderGroup group;

    ReaderGroupCoordinator(PravegaSourceSettings settings) {
        this.settings = settings;
        StreamChecks.requireStream(settings.connection(), settings.scope(), settings.stream());
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "pravega-enumerator-" + settings.readerGroupName());
            t.setDaemon(true);
            return t;
        });
        this.streams = StreamManager.create(settings.connection().clientConfig());
        this.groups = ReaderGroupManager.withScope(settings.scope(), settings.connection().clientConfig());
    }

    StreamInfo streamInfo() {
        return streams.fetchStreamInfo(settings.scope(), settings.stream()).join();
    }

    /** Points the reader group at [start, end): creates it, or rewinds an existing group of that name. */
    void resetGroup(StreamCut start, StreamCut end) {
        Stream stream = Stream.of(settings.scope(), settings.stream());
        ReaderGroupConfig config = ReaderGroupConfig.builder()
                .stream(stream, start, end == null ? StreamCut.UNBOUNDED : end)
                .disableAutomaticCheckpoints()
                .maxOutstandingCheckpointRequest(MAX_OUTSTANDING_CHECKPOINTS)
                .groupRefreshTimeMillis(settings.groupRefreshMillis())
                .build();
        String name = settings.readerGroupName();
        // createReaderGroup reports "created" for an existing group too, so look first: an
        // existing group must be rewound, or it would go on from wherever its readers left it
        ReaderGroup existing = existingGroup(name);
        if (existing == null) {
            groups.createReaderGroup(name, config);
            group = groups.getReaderGroup(name);
            LOG.info("Created reader group {} on {} from {} to {}", name, settings.streamName(), start,
                    end == null ? "unbounded" : end);
        } else {
            group = existing;
            group.resetReaderGroup(config);
            LOG.info("Reset reader group {} on {} to start at {} (end {})", name, settings.streamName(), start,
                    end == null ? "unbounded" : end);
        }
    }

    private ReaderGroup existingGroup(String name) {
        try {
            return groups.getReaderGroup(name);
        } catch (ReaderGroupNotFoundException e) {
            return null;
        }
    }

    /** The start cut of the stream held in a completed reader-group checkpoint. */
    StreamCut positionOf(Checkpoint checkpoint) {
        StreamCut cut = checkpoint.asImpl().getPositions().get(Stream.of(settings.scope(), settings.stream()));
        if (cut == null) {
            throw new IllegalStateException("the restored checkpoint " + checkpoint.getName()
                    + " holds no position for stream " + settings.streamName()
                    + ": the job was restored from a checkpoint of a source on another stream");
        }
        return cut;
    }

    Set<String> onlineReaders() {
        return group.getOnlineReaders();
    }

    /**
     * Takes a failed reader out of the group and hands its segments back at {@code position}, the
     * position it had at the checkpoint its subtask is restored from. That is exact only while the
     * reader still owns exactly the segments of that position: had it acquired, released or
     * completed one since, events it read past the checkpoint are now another reader's business.
     * Returns false, changing nothing, in that case or when the reader is no longer in the group.
     */
    boolean offlineAt(String readerId, Position position) {
        Integer owned = group.getReaderSegmentDistribution().getReaderSegmentDistribution().get(readerId);
        // the only implementation of Position; its owned segments are public there, not on the interface
        int atCheckpoint = ((PositionImpl) position.asImpl()).getOwnedSegments().size();
        if (owned == null || owned != atCheckpoint) {
            return false;
        }
        try {
            // Pravega refuses (atomically) if the reader owns a segment the position does not hold
            group.readerOffline(readerId, position);
            return true;
        } catch (IllegalArgumentException e) {
            LOG.debug("Reader {} cannot go offline at its checkpointed position: {}", readerId, e.getMessage());
            return false;
        }
    }

    long unreadBytes() {
        return group.getMetrics().unreadBytes();
    }

    /**
     * Takes a reader-group checkpoint and waits until every online reader has passed it.
     * On timeout the checkpoint is cancelled so later ones are not blocked behind it. Only one
     * reader-group checkpoint (this or {@link #reachedEnd}) runs at a time: when one completes,
     * Pravega clears the results of older ones, which a concurrent caller may not have read yet.
     */
    synchronized Checkpoint checkpoint(String name, long timeoutMillis) throws IOException, InterruptedException {
        CompletableFuture<Checkpoint> result = group.initiateCheckpoint(name, executor);
        try {
            return result.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            group.cancelOutstandingCheckpoints();
            throw new IOException("reader group " + settings.readerGroupName() + " did not complete checkpoint "
                    + name + " within " + timeoutMillis + " ms (readers online: " + group.getOnlineReaders()
                    + "); raise the source's checkpoint timeout if the readers are backpressured");
        } catch (ExecutionException e) {
            group.cancelOutstandingCheckpoints();
            if (e.getCause() instanceof CheckpointFailedException) {
                // cancelled: by the ghost of a failed reader (the Flink checkpoint cannot complete
                // anyway) or by an end check that timed out. Not an IOException, which Flink counts
                // as a failed checkpoint and, by default, answers with a global restart.
                throw new IllegalStateException("reader group " + settings.readerGroupName() + " cancelled checkpoint "
                        + name + ": " + e.getCause().getMessage(), e.getCause());
            }
            throw new IOException("reader group " + settings.readerGroupName() + " failed checkpoint " + name
                    + ": " + e.getCause(), e.getCause());
        }
    }

    /**
     * Whether the group has read everything up to {@code end}. Pravega 0.13 readers notice that a
     * segment reached its end offset but can complete it only while no checkpoint is pending, so
     * they cannot be relied on to finish on their own; the enumerator asks instead: it takes a
     * silent reader-group checkpoint (no event reaches the readers) and compares. On timeout that
     * checkpoint is cancelled, like any other, so it does not stay pending.
     */
    synchronized boolean reachedEnd(StreamCut end, long timeoutMillis) throws Exception {
        Map<Stream, StreamCut> cuts;
        try {
            cuts = group.generateStreamCuts(executor).get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            group.cancelOutstandingCheckpoints();
            throw e;
        }
        StreamCut now = cuts.get(Stream.of(settings.scope(), settings.stream()));
        // no cut for the stream: the group holds none of its segments, all were completed
        return now == null || StreamCuts.reached(now, end);
    }

    @Override
    public void close() {
        if (group != null) {
            group.close();
        }
        groups.close();
        streams.close();
        executor.shutdownNow();
    }
}
