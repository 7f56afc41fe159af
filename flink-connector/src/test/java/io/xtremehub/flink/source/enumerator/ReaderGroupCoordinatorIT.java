package io.xtremehub.flink.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamInfo;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.segment.impl.Segment;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.Position;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroup;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamCut;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.pravega.client.stream.impl.StreamCutImpl;
import io.xtremehub.flink.source.PravegaSource;
import io.xtremehub.flink.source.PravegaSourceSettings;
import io.xtremehub.flink.source.StreamPosition;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The enumerator's handle on a real reader group, read by a real Pravega reader. */
@EmbeddedCluster
class ReaderGroupCoordinatorIT {
    @Provided
    static TestCluster pravega;


    /**
     * A job restored from a checkpoint taken after one segment was read up to the end cut
     * starts its reader group with that segment at its end offset. The reader completes it at
     * its next checkpoint and the group drops it from its positions; the end check must still
     * see the end once the other segment is read, or the bounded job never finishes.
     */
    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void endIsReachedAfterTheGroupCompletedASegmentOfTheEndCut() throws Exception {
        String stream = pravega.newStream("rg-end", 2);
        pravega.events().writeKeyedByText(stream, IntStream.range(0, 400).mapToObj(i -> "e-" + i).toList());
        StreamInfo info;
        try (StreamManager streams = StreamManager.create(pravega.controllerUri())) {
            info = streams.fetchStreamInfo(TestCluster.SCOPE, stream).join();
        }
        StreamCut end = info.getTailStreamCut();
        Map<Segment, Long> tail = end.asImpl().getPositions();
        Segment done = tail.keySet().stream().min(Comparator.comparingLong(Segment::getSegmentId)).orElseThrow();
        assertThat(tail.get(done)).isPositive();
        Map<Segment, Long> startPositions = new HashMap<>(info.getHeadStreamCut().asImpl().getPositions());
        startPositions.put(done, tail.get(done));
        StreamCut start = new StreamCutImpl(Stream.of(TestCluster.SCOPE, stream), startPositions);

        PravegaSourceSettings settings = PravegaSource.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, stream)
                .setDeserializer(new SimpleStringSchema())
                .setStartingPosition(StreamPosition.of(start))
                .setBounded(StreamPosition.of(end))
                .setGroupRefreshTime(Duration.ofMillis(100))
                .build().settings();
        // Pravega blocks in the executor that polls for the checkpoint: not its own internal one
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        try (ReaderGroupCoordinator group = new ReaderGroupCoordinator(settings);
             ReaderGroupManager groups = ReaderGroupManager.withScope(TestCluster.SCOPE,
                     pravega.clientConfig());
             EventStreamClientFactory clients = EventStreamClientFactory.withScope(TestCluster.SCOPE,
                     pravega.clientConfig())) {
            group.resetGroup(start, end);
            try (ReaderGroup handle = groups.getReaderGroup(settings.readerGroupName());
                 EventStreamReader<byte[]> reader = clients.createReader("reader", settings.readerGroupName(),
                         new ByteArraySerializer(), ReaderConfig.builder().build())) {
                // the reader takes both segments, `done` already at its end offset
                while (reader.readNextEvent(1_000).getEvent() == null) {
                    // wait for the first event
                }
                // a checkpoint, as for a Flink checkpoint: on the read after it the reader
                // completes `done`, long before it has read the other segment to its end
                CompletableFuture<?> checkpoint = handle.initiateCheckpoint("c-1", executor);
                Thread.sleep(300); // past the reader's group refresh time, so its next read sees it
                EventRead<byte[]> read = reader.readNextEvent(1_000);
                assertThat(read.isCheckpoint()).as("the read after the checkpoint started").isTrue();
                while (read.isCheckpoint() || read.getEvent() != null) {
                    read = reader.readNextEvent(1_000);
                }
                checkpoint.get(30, TimeUnit.SECONDS);
                assertThat(handle.getStreamCuts().get(Stream.of(TestCluster.SCOPE, stream)).asImpl()
                        .getPositions()).doesNotContainKey(done).hasSize(tail.size() - 1);

                // the end check takes a silent checkpoint, which the reader passes on its next reads
                CompletableFuture<Boolean> reached = CompletableFuture.supplyAsync(() -> {
                    try {
                        return group.reachedEnd(end, 30_000);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                while (!reached.isDone()) {
                    assertThat(reader.readNextEvent(100).getEvent()).isNull();
                }
                assertThat(reached.get()).isTrue();
            }
        } finally {
            executor.shutdownNow();
        }
    }

    /**
     * A failed subtask's reader read on past its last checkpoint before it died. Taking it out
     * at its checkpointed position hands its segments back there: the next reader reads
     * everything after the checkpoint, including what the dead reader read past it.
     */
    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aFailedReaderGoesOfflineAtItsCheckpointedPosition() throws Exception {
        String stream = pravega.newStream("rg-offline", 2);
        List<String> beforeIt = IntStream.range(0, 100).mapToObj(i -> "a-" + i).toList();
        List<String> afterIt = IntStream.range(0, 100).mapToObj(i -> "b-" + i).toList();
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        PravegaSourceSettings settings = settingsFor(stream);
        try (ReaderGroupCoordinator group = new ReaderGroupCoordinator(settings);
             ReaderGroupManager groups = ReaderGroupManager.withScope(TestCluster.SCOPE,
                     pravega.clientConfig());
             EventStreamClientFactory clients = EventStreamClientFactory.withScope(TestCluster.SCOPE,
                     pravega.clientConfig())) {
            group.resetGroup(head(stream), null);
            try (ReaderGroup handle = groups.getReaderGroup(settings.readerGroupName())) {
                EventStreamReader<byte[]> dead = reader(clients, settings, "dead");
                while (owned(handle, "dead") < 2) {
                    dead.readNextEvent(100);
                }
                pravega.events().writeKeyedByText(stream, beforeIt);
                CompletableFuture<?> checkpoint = handle.initiateCheckpoint("c-1", executor);
                int beforeCheckpoint = 0;
                Position atCheckpoint = null;
                while (atCheckpoint == null) {
                    EventRead<byte[]> read = dead.readNextEvent(100);
                    if (read.isCheckpoint()) {
                        atCheckpoint = read.getPosition();
                    } else if (read.getEvent() != null) {
                        beforeCheckpoint++;
                    }
                }
                pravega.events().writeKeyedByText(stream, afterIt);
                int pastCheckpoint = 0;
                while (pastCheckpoint < 20 && dead.readNextEvent(1_000).getEvent() != null) {
                    pastCheckpoint++;
                }
                checkpoint.get(30, TimeUnit.SECONDS);
                assertThat(pastCheckpoint).as("events the reader read past its checkpoint").isEqualTo(20);
                // the subtask dies here: its reader is never closed

                assertThat(group.offlineAt("dead", atCheckpoint)).isTrue();
                assertThat(group.onlineReaders()).doesNotContain("dead");
                try (EventStreamReader<byte[]> next = reader(clients, settings, "next")) {
                    assertThat(readUntilQuiet(next))
                            .isEqualTo(beforeIt.size() + afterIt.size() - beforeCheckpoint);
                }
            }
        } finally {
            executor.shutdownNow();
        }
    }

    /**
     * A reader that acquired a segment after its checkpoint may have read it past where the
     * group would get it back: it is not taken out (the job then restarts globally).
     */
    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aFailedReaderThatMovedSegmentsSinceItsCheckpointStaysInTheGroup() throws Exception {
        String stream = pravega.newStream("rg-moved", 2);
        pravega.events().writeKeyedByText(stream, IntStream.range(0, 2000).mapToObj(i -> "e-" + i).toList());
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        PravegaSourceSettings settings = settingsFor(stream);
        try (ReaderGroupCoordinator group = new ReaderGroupCoordinator(settings);
             ReaderGroupManager groups = ReaderGroupManager.withScope(TestCluster.SCOPE,
                     pravega.clientConfig());
             EventStreamClientFactory clients = EventStreamClientFactory.withScope(TestCluster.SCOPE,
                     pravega.clientConfig())) {
            group.resetGroup(head(stream), null);
            try (ReaderGroup handle = groups.getReaderGroup(settings.readerGroupName())) {
                EventStreamReader<byte[]> dead = reader(clients, settings, "dead");
                EventStreamReader<byte[]> other = reader(clients, settings, "other");
                while (owned(handle, "dead") != 1 || owned(handle, "other") != 1) {
                    dead.readNextEvent(50);
                    other.readNextEvent(50);
                }
                CompletableFuture<?> checkpoint = handle.initiateCheckpoint("c-1", executor);
                Position atCheckpoint = null;
                while (!checkpoint.isDone()) {
                    EventRead<byte[]> read = dead.readNextEvent(50);
                    if (read.isCheckpoint()) {
                        atCheckpoint = read.getPosition();
                    }
                    other.readNextEvent(50);
                }
                checkpoint.get();
                // the other reader leaves; the dead one takes over its segment before dying
                other.close();
                while (owned(handle, "dead") != 2) {
                    dead.readNextEvent(50);
                }

                assertThat(group.offlineAt("dead", atCheckpoint)).isFalse();
                assertThat(owned(handle, "dead")).isEqualTo(2);
            }
        } finally {
            executor.shutdownNow();
        }
    }

    private static PravegaSourceSettings settingsFor(String stream) {
        return PravegaSource.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, stream)
                .setDeserializer(new SimpleStringSchema())
                .setGroupRefreshTime(Duration.ofMillis(100))
                .build().settings();
    }

    private static StreamCut head(String stream) {
        try (StreamManager streams = StreamManager.create(pravega.controllerUri())) {
            return streams.fetchStreamInfo(TestCluster.SCOPE, stream).join().getHeadStreamCut();
        }
    }

    private static EventStreamReader<byte[]> reader(EventStreamClientFactory clients, PravegaSourceSettings settings,
            String id) {
        return clients.createReader(id, settings.readerGroupName(), new ByteArraySerializer(),
                ReaderConfig.builder().build());
    }

    private static int owned(ReaderGroup group, String reader) {
        return group.getReaderSegmentDistribution().getReaderSegmentDistribution().getOrDefault(reader, 0);
    }

    /** Reads until three reads in a row (a second each) find nothing; returns how many events it read. */
    private static int readUntilQuiet(EventStreamReader<byte[]> reader) {
        int events = 0;
        for (int quiet = 0; quiet < 3; ) {
            EventRead<byte[]> read = reader.readNextEvent(1_000);
            if (read.getEvent() != null) {
                events++;
                quiet = 0;
            } else if (!read.isCheckpoint()) {
                quiet++;
            }
        }
        return events;
    }
}
