package io.xtremehub.standalone;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import io.xtremehub.standalone.admin.SegmentRange;
import io.xtremehub.standalone.admin.StreamAdmin;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole embedded cluster end to end: keyed writes while the stream splits and merges,
 * exactly-once in-order reads, data tiered to the S3 backend, and recovery after restart.
 */
class StandaloneClusterIT {
    private static final String SCOPE = StandaloneCluster.DEFAULT_SCOPE;
    private static final String STREAM = "it-readings";
    private static final int EVENTS = 100_000;
    private static final int KEYS = 100;

    @TempDir
    Path dataDir;

    @Test
    void writesScalesTiersAndRecoversEveryAcknowledgedEvent() throws Exception {
        ClusterConfig config = ClusterConfig.ephemeral(dataDir);
        long payloadBytes;
        Map<String, List<Integer>> firstRead;
        try (StandaloneCluster cluster = StandaloneCluster.start(config)) {
            try (StreamManager streams = StreamManager.create(cluster.controllerUri())) {
                assertTrue(streams.createStream(SCOPE, STREAM,
                        StreamConfiguration.builder().scalingPolicy(ScalingPolicy.fixed(4)).build()));
            }
            payloadBytes = writeWhileScaling(cluster);
            firstRead = KeyedEvents.readAll(cluster.controllerUri(), SCOPE, STREAM, EVENTS);
            assertEveryEventOnceInOrder(firstRead);

            // Tiering: all of the stream reaches LTS through Nexus, and lands compressed as
            // objects in the backend's bucket directory.
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1))
                    .until(() -> cluster.ltsUsage(STREAM).bytes() >= payloadBytes);
            Path bucketDir = cluster.nexus().bucketDir(config.ltsBucket());
            // the cluster's own count walks again when S3Proxy renames a temporary file mid-walk
            long stored = cluster.nexus().storedBytes(config.ltsBucket(), STREAM + "/");
            assertTrue(stored > 0, "chunk objects of the stream in " + bucketDir);
            assertTrue(stored < cluster.ltsUsage(STREAM).bytes() / 2,
                    "zstd policy compresses chunks: " + stored + " stored of " + cluster.ltsUsage(STREAM).bytes());
        }

        try (StandaloneCluster restarted = StandaloneCluster.start(config)) {
            Map<String, List<Integer>> secondRead = KeyedEvents.readAll(restarted.controllerUri(), SCOPE, STREAM, EVENTS);
            assertEveryEventOnceInOrder(secondRead);
            assertEquals(firstRead, secondRead);
        }
    }

    private long writeWhileScaling(StandaloneCluster cluster) {
        ClientConfig client = ClientConfig.builder().controllerURI(cluster.controllerUri()).build();
        long bytes = 0;
        CompletableFuture<Void> split = null;
        CompletableFuture<Void> merge = null;
        try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(SCOPE, client);
             EventStreamWriter<String> writer = clients.createEventWriter(STREAM, new UTF8StringSerializer(),
                     EventWriterConfig.builder().build());
             StreamAdmin admin = new StreamAdmin(cluster.controllerUri())) {
            for (int i = 0; i < EVENTS; i++) {
                String event = KeyedEvents.event(i, KEYS);
                writer.writeEvent(KeyedEvents.key(i, KEYS), event);
                bytes += event.getBytes(StandardCharsets.UTF_8).length;
                if (i == EVENTS / 4) {
                    split = CompletableFuture.runAsync(() -> admin.split(SCOPE, STREAM, 0));
                } else if (i == EVENTS / 2) {
                    split.join();
                    merge = CompletableFuture.runAsync(() -> {
                        List<SegmentRange> s = admin.segments(SCOPE, STREAM);
                        admin.merge(SCOPE, STREAM, s.get(0).number(), s.get(1).number());
                    });
                }
            }
            writer.flush();
            merge.join();
            List<SegmentRange> after = admin.segments(SCOPE, STREAM);
            assertEquals(4, after.size(), "one split then one merge leaves four segments: " + after);
            assertEquals(2, after.get(0).epoch(), "the stream went through two scale epochs: " + after);
        }
        return bytes;
    }

    private static void assertEveryEventOnceInOrder(Map<String, List<Integer>> byKey) {
        assertEquals(KEYS, byKey.size());
        List<Integer> expected = IntStream.range(0, EVENTS / KEYS).boxed().toList();
        byKey.forEach((key, seqs) -> assertEquals(expected, seqs, "events of " + key + " once each, in order"));
    }
}
