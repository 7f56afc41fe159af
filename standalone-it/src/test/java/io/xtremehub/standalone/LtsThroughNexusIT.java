package io.xtremehub.standalone;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.control.impl.ControllerImpl;
import io.pravega.client.control.impl.ControllerImplConfig;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.pravega.client.stream.impl.StreamSegments;
import io.xtremehub.standalone.LtsEvents.Event;
import io.xtremehub.standalone.SegmentChunks.Chunk;
import io.xtremehub.standalone.internal.EmbeddedSegmentStore;
import io.xtremehub.testkit.GetRecorder;
import io.xtremehub.testkit.GetRecording;
import io.xtremehub.testkit.S3Clients;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Pravega's long-term storage through Nexus, checked from both ends. Events of very different sizes
 * are written, tiered to LTS as several zstd-compressed chunks per segment, and read back after a
 * restart while Nexus records every GET: each byte of each chunk is served to Pravega during that
 * read, so the reads came from LTS, and the events arrive byte for byte. The chunks themselves,
 * fetched with the AWS SDK and joined in Pravega's chunk order, equal the segment bytes Pravega's
 * event framing predicts, and the backend stores them smaller than that.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class LtsThroughNexusIT {
    private static final String SCOPE = StandaloneCluster.DEFAULT_SCOPE;
    private static final String STREAM = "lts-it";
    private static final String FILLER = "lts-it-filler";
    private static final int SEGMENTS = 2;
    private static final int KEYS = 8;
    private static final int EVENTS = 400;
    /** Chunk size limit of the stream's segments: a few hundred KB makes several chunks per segment. */
    private static final int ROLLOVER_BYTES = 256 * 1024;
    /** Enough commits for three WAL checkpoints after the stream is tiered. */
    private static final int FILLER_COMMITS = 3 * EmbeddedSegmentStore.WAL_CHECKPOINT_COMMITS;
    private static final Duration TIERING_TIMEOUT = Duration.ofSeconds(120);

    private static final Logger LOG = LoggerFactory.getLogger(LtsThroughNexusIT.class);

    @TempDir
    Path dataDir;

    @Test
    void readsAfterRestartComeFromLtsChunksThroughNexusByteForByte() {
        // One segment container, so the filler's commits land in the same durable log as the stream.
        GetRecorder recorder = new GetRecorder();
        ClusterConfig config = ClusterConfig.builder().dataDir(dataDir).allPortsEphemeral()
                .segmentContainers(1).ltsFlushMillis(1_000).nexusOuterMiddleware(recorder::wrap).build();
        List<Event> events = LtsEvents.generate(EVENTS, KEYS, ROLLOVER_BYTES + 1, 20261121L);
        Map<String, byte[]> segments;
        try (StandaloneCluster cluster = StandaloneCluster.start(config); S3Client s3 = s3(cluster)) {
            createStream(cluster.controllerUri(), STREAM, SEGMENTS, ROLLOVER_BYTES);
            segments = expectedSegments(cluster.controllerUri(), events);
            write(cluster.controllerUri(), events);
            try (StreamManager streams = StreamManager.create(cluster.controllerUri())) {
                assertTrue(streams.sealStream(SCOPE, STREAM), "seal " + STREAM);
            }
            LOG.info("wrote {} events, {} bytes in segments {}", events.size(),
                    segments.values().stream().mapToInt(b -> b.length).sum(), segments.keySet());
            awaitTiered(s3, config.ltsBucket(), segments);
            LOG.info("all of {} is in LTS", STREAM);
            checkpointDurableLog(cluster.controllerUri());
        }

        // Pravega serves reads from its cache or from LTS, never from the WAL. Read in the first
        // cluster, this stream comes from the cache alone (Nexus sees no GET). A restarted segment
        // store starts with an empty cache, and while it replays the WAL from its last truncation it
        // evicts, at every replayed checkpoint, whatever is already in LTS: now only the chunks have it.
        try (StandaloneCluster cluster = StandaloneCluster.start(config); S3Client s3 = s3(cluster)) {
            Map<String, List<Chunk>> chunks = new TreeMap<>();
            segments.keySet().forEach(s -> chunks.put(s, SegmentChunks.list(s3, config.ltsBucket(), s)));
            Map<String, List<byte[]>> read;
            try (GetRecording gets = recorder.record(config.ltsBucket(),
                    EmbeddedSegmentStore.LTS_KEY_PREFIX + SCOPE + "/" + STREAM + "/")) {
                read = readAll(cluster.controllerUri(), events.size());
                LOG.info("read {} events; Nexus served {} GETs of the stream's chunks meanwhile", events.size(), gets.gets());
                assertEveryChunkServed(chunks, gets);
            }
            assertSameEventsPerKey(events, read);

            Path bucketDir = cluster.nexus().bucketDir(config.ltsBucket());
            segments.forEach((segment, expected) -> {
                List<Chunk> segmentChunks = chunks.get(segment);
                assertTrue(segmentChunks.size() >= 3 && segmentChunks.stream().allMatch(c -> c.size() <= ROLLOVER_BYTES),
                        segment + " spans several chunks of at most " + ROLLOVER_BYTES + " bytes: " + segmentChunks);
                assertArrayEquals(expected, SegmentChunks.reassemble(s3, config.ltsBucket(), segmentChunks),
                        "chunks of " + segment + " joined in chunk order equal the framed events routed to it");
                long stored = segmentChunks.stream().mapToLong(c -> backendSize(bucketDir, c.key())).sum();
                LOG.info("{}: {} chunks, {} bytes, {} stored in the backend", segment, segmentChunks.size(),
                        expected.length, stored);
                assertTrue(stored < expected.length * 3L / 4, "the backend stores " + segment + " zstd-compressed: "
                        + stored + " bytes on disk for " + expected.length + " plain bytes");
            });
        }
    }

    // Through the controller client: Pravega 0.13's StreamManager.createStream drops rolloverSizeBytes.
    private static void createStream(URI controller, String stream, int segments, long rolloverBytes) {
        withController(controller, client -> assertTrue(client.createStream(SCOPE, stream, StreamConfiguration.builder()
                .scalingPolicy(ScalingPolicy.fixed(segments))
                .rolloverSizeBytes(rolloverBytes)
                .build()).join(), "create " + stream));
    }

    /** Segment name to its expected bytes, routing each key as the Pravega writer does. */
    private static Map<String, byte[]> expectedSegments(URI controller, List<Event> events) {
        Map<String, List<Event>> bySegment = new TreeMap<>();
        withController(controller, client -> {
            StreamSegments current = client.getCurrentSegments(SCOPE, STREAM).join();
            for (Event e : events) {
                bySegment.computeIfAbsent(current.getSegmentForKey(e.key()).getScopedName(), s -> new ArrayList<>()).add(e);
            }
        });
        assertEquals(SEGMENTS, bySegment.size(), "the keys spread over every segment: " + bySegment.keySet());
        Map<String, byte[]> bytes = new TreeMap<>();
        bySegment.forEach((segment, routed) -> bytes.put(segment, LtsEvents.segmentBytes(routed)));
        return bytes;
    }

    private static void withController(URI controller, Consumer<ControllerImpl> action) {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        try (ControllerImpl client = new ControllerImpl(ControllerImplConfig.builder()
                .clientConfig(clientConfig(controller)).build(), executor)) {
            action.accept(client);
        } finally {
            executor.shutdownNow();
        }
    }

    private static void write(URI controller, List<Event> events) {
        try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(SCOPE, clientConfig(controller));
             EventStreamWriter<byte[]> writer = clients.createEventWriter(STREAM, new ByteArraySerializer(),
                     EventWriterConfig.builder().build())) {
            events.forEach(e -> writer.writeEvent(e.key(), e.payload()));
            writer.flush();
        }
    }

    private static void awaitTiered(S3Client s3, String bucket, Map<String, byte[]> segments) {
        segments.forEach((segment, expected) -> await()
                .alias(segment + " fully in LTS as contiguous chunks of " + expected.length + " bytes")
                .atMost(TIERING_TIMEOUT).pollInterval(Duration.ofMillis(500))
                .until(() -> SegmentChunks.contiguousLength(SegmentChunks.list(s3, bucket, segment)) == expected.length));
    }

    /**
     * The segment store checkpoints its metadata, including how much of each segment is in LTS,
     * every 100 commits; a recovery trims its cache at every checkpoint it replays. Single-event
     * flushes to another stream are one commit each, so these make the log hold checkpoints that
     * already know the stream is tiered.
     */
    private static void checkpointDurableLog(URI controller) {
        createStream(controller, FILLER, 1, 0);
        try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(SCOPE, clientConfig(controller));
             EventStreamWriter<byte[]> writer = clients.createEventWriter(FILLER, new ByteArraySerializer(),
                     EventWriterConfig.builder().build())) {
            for (int i = 0; i < FILLER_COMMITS; i++) {
                writer.writeEvent(new byte[] {(byte) i});
                writer.flush();
            }
        }
    }

    /** Reads {@code expected} events from the head of the sealed stream; per key, in the order read. */
    private static Map<String, List<byte[]>> readAll(URI controller, int expected) {
        String group = "lts-it-reader";
        Map<String, List<byte[]>> byKey = new LinkedHashMap<>();
        try (ReaderGroupManager groups = ReaderGroupManager.withScope(SCOPE, clientConfig(controller))) {
            groups.createReaderGroup(group, ReaderGroupConfig.builder().disableAutomaticCheckpoints()
                    .stream(Stream.of(SCOPE, STREAM)).build());
            try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(SCOPE, clientConfig(controller));
                 EventStreamReader<byte[]> reader = clients.createReader("r", group, new ByteArraySerializer(),
                         ReaderConfig.builder().build())) {
                int read = 0;
                int idlePolls = 0;
                while (read < expected) {
                    EventRead<byte[]> e = reader.readNextEvent(1000);
                    if (e.getEvent() == null) {
                        if (++idlePolls == 60) {
                            fail("read " + read + " of " + expected + " events, then nothing for 60 s");
                        }
                        continue;
                    }
                    idlePolls = 0;
                    byKey.computeIfAbsent(keyOf(e.getEvent()), k -> new ArrayList<>()).add(e.getEvent());
                    read++;
                }
                assertNull(reader.readNextEvent(1000).getEvent(), "no event beyond the " + expected + " written");
            }
        }
        return byKey;
    }

    private static void assertEveryChunkServed(Map<String, List<Chunk>> chunks, GetRecording gets) {
        chunks.forEach((segment, list) -> {
            assertTrue(!list.isEmpty(), "chunks of " + segment);
            for (Chunk c : list) {
                assertEquals(c.size(), gets.servedBytes(c.key()), "bytes of chunk " + c.key() + " that Nexus served"
                        + " during the read (" + gets.gets() + " GETs of the stream's chunks in all)");
            }
        });
    }

    private static void assertSameEventsPerKey(List<Event> written, Map<String, List<byte[]>> read) {
        Map<String, List<byte[]>> expected = new LinkedHashMap<>();
        written.forEach(e -> expected.computeIfAbsent(e.key(), k -> new ArrayList<>()).add(e.payload()));
        assertEquals(expected.keySet(), read.keySet(), "routing keys read");
        expected.forEach((key, payloads) -> {
            List<byte[]> got = read.get(key);
            assertEquals(payloads.size(), got.size(), "events of " + key);
            for (int i = 0; i < payloads.size(); i++) {
                assertArrayEquals(payloads.get(i), got.get(i), "event " + i + " of " + key + ", byte for byte");
            }
        });
    }

    // Every payload starts with "key-<k>/<seq>;".
    private static String keyOf(byte[] payload) {
        int end = 0;
        while (end < payload.length && payload[end] != '/') {
            end++;
        }
        return new String(payload, 0, end, StandardCharsets.US_ASCII);
    }

    private static long backendSize(Path bucketDir, String key) {
        try {
            return Files.size(bucketDir.resolve(key));
        } catch (IOException e) {
            throw new UncheckedIOException("chunk " + key + " in the backend directory " + bucketDir, e);
        }
    }

    private static ClientConfig clientConfig(URI controller) {
        return ClientConfig.builder().controllerURI(controller).build();
    }

    private static S3Client s3(StandaloneCluster cluster) {
        ClusterConfig c = cluster.config();
        return S3Clients.sync(URI.create(cluster.s3Endpoint()), c.ltsRegion(), c.ltsAccessKey(), c.ltsSecretKey());
    }
}
