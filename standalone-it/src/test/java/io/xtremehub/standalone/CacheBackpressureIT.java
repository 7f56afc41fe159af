package io.xtremehub.standalone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One writer of 10 KB events at full speed into one segment, with LTS (Nexus compressing with zstd
 * on the same cores) slower than the writer: every appended byte stays in the segment store's cache
 * until it is in LTS, so the cache must slow the writer down before it is full. Issue #16: with
 * Pravega's own cache thresholds the cache filled, the segment container failed and the cluster
 * stopped. With the cluster's defaults the writes are held back instead, all of them succeed, and
 * every acknowledged event reads back once. The cache is small so that three times its size is written in
 * seconds, yet large enough for the second of appends the throttler cannot see (see
 * EmbeddedSegmentStore.CACHE_TARGET_PERCENT); its thresholds are the default cluster's.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class CacheBackpressureIT {
    private static final Logger LOG = LoggerFactory.getLogger(CacheBackpressureIT.class);
    private static final String STREAM = "backpressure";
    private static final int EVENT_BYTES = 10 * 1024;
    private static final long CACHE_BYTES = 128L << 20;
    private static final long WRITTEN_BYTES = 3 * CACHE_BYTES;
    /** Unanswered writes allowed at once: 10 MB. */
    private static final int IN_FLIGHT = 1000;
    /** Longer than the segment store's longest throttling delay (25 s), so a throttled writer is not called stalled. */
    private static final Duration STALLED = Duration.ofSeconds(40);
    private static final Duration NO_READ_TIMEOUT = Duration.ofSeconds(30);

    @Test
    void writesFasterThanLtsAreHeldBackAndEveryAcknowledgedEventReadsBack(@TempDir Path dir) throws Exception {
        String scope = StandaloneCluster.DEFAULT_SCOPE;
        try (StandaloneCluster cluster = StandaloneCluster.start(ClusterConfig.builder().dataDir(dir).allPortsEphemeral()
                .segmentContainers(1).cacheBytes(CACHE_BYTES).build())) {
            ClientConfig client = ClientConfig.builder().controllerURI(cluster.controllerUri()).build();
            try (StreamManager streams = StreamManager.create(client)) {
                streams.createStream(scope, STREAM, StreamConfiguration.builder().scalingPolicy(ScalingPolicy.fixed(1)).build());
            }
            try (ReaderGroupManager groups = ReaderGroupManager.withScope(scope, client)) {
                groups.createReaderGroup("readers", ReaderGroupConfig.builder().stream(Stream.of(scope, STREAM)).build());
            }
            EventStreamClientFactory clients = EventStreamClientFactory.withScope(scope, client);
            MaxRateWriter.Result written = new MaxRateWriter(clients, STREAM, EVENT_BYTES, IN_FLIGHT, STALLED)
                    .write(WRITTEN_BYTES, () -> cluster.died().toCompletableFuture().isDone());
            LOG.info("{} events of {} bytes sent ({} MB, {}x the cache) in {} s, {} acknowledged, {} failed{}",
                    written.sent(), EVENT_BYTES, written.sentBytes(EVENT_BYTES) >> 20,
                    written.sentBytes(EVENT_BYTES) / CACHE_BYTES, written.elapsed().toSeconds(),
                    written.acked().cardinality(), written.failed(), written.stalled() ? ", stalled" : "");
            String died = cluster.died().toCompletableFuture().getNow(null);
            assertNull(died, "the cluster stopped while the writer outran LTS");
            assertFalse(written.stalled(), "no write answered for " + STALLED.toSeconds() + " s");
            assertEquals(0, written.failed(), "writes failed");
            assertEquals(written.sent(), written.acked().cardinality(), "writes left unanswered");
            assertTrue(written.sentBytes(EVENT_BYTES) >= WRITTEN_BYTES, "writing stopped early");
            try {
                BitSet read = SequenceReader.readAll(clients, "readers", written.acked(), NO_READ_TIMEOUT);
                BitSet missing = (BitSet) written.acked().clone();
                missing.andNot(read);
                assertEquals(0, missing.cardinality(), missing.cardinality() + " of " + written.acked().cardinality()
                        + " acknowledged events never read");
            } finally {
                clients.close();
            }
        }
    }
}
