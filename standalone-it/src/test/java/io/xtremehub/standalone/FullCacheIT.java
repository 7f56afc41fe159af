package io.xtremehub.standalone;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * A cache too small for the writers. Every appended byte stays in the segment store's cache until it
 * is in LTS, and Pravega's throttler sees the cache fill only once a second, so a cache smaller than
 * about one second of appends fills before the writers are held back (the default cluster's
 * thresholds leave room for that second in any cache of a useful size: {@link CacheBackpressureIT}).
 * With the smallest cache allowed, 10 KB events written as fast as one writer goes fill it, Pravega
 * fails the segment container with a full cache, and its recovery (which replays the WAL into the
 * same cache) fails the same way every time Pravega retries it: the stream answers nobody, which is
 * how the OMB 10 KB run ended with acknowledged events unread before issue #16 was fixed. The cluster
 * must stop and say why instead of looking healthy, and the acknowledged events must all be read
 * back exactly once after a restart with a cache large enough for the replay.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class FullCacheIT {
    private static final Logger LOG = LoggerFactory.getLogger(FullCacheIT.class);
    private static final String STREAM = "full-cache";
    private static final int EVENT_BYTES = 10 * 1024;
    private static final long SMALL_CACHE_BYTES = 16L << 20;
    private static final Duration WRITING = Duration.ofSeconds(20);
    /** Unanswered writes allowed at once: 10 MB. */
    private static final int IN_FLIGHT = 1000;
    /** Writing stops early once no write was answered for this long (the container failed). */
    private static final Duration STALLED = Duration.ofSeconds(5);
    private static final Duration NO_READ_TIMEOUT = Duration.ofSeconds(60);

    @Test
    void aContainerThatCannotRecoverStopsTheClusterAndNoAcknowledgedEventIsLost(@TempDir Path dir) throws Exception {
        String scope = StandaloneCluster.DEFAULT_SCOPE;
        BitSet acked;
        String died;
        StandaloneCluster small = StandaloneCluster.start(
                ClusterConfig.builder().dataDir(dir).allPortsEphemeral().cacheBytes(SMALL_CACHE_BYTES).build());
        try {
            ClientConfig client = ClientConfig.builder().controllerURI(small.controllerUri()).build();
            try (StreamManager streams = StreamManager.create(client)) {
                streams.createStream(scope, STREAM, StreamConfiguration.builder().scalingPolicy(ScalingPolicy.fixed(1)).build());
            }
            try (ReaderGroupManager groups = ReaderGroupManager.withScope(scope, client)) {
                groups.createReaderGroup("readers", ReaderGroupConfig.builder().stream(Stream.of(scope, STREAM)).build());
            }
            EventStreamClientFactory clients = EventStreamClientFactory.withScope(scope, client);
            long end = System.nanoTime() + WRITING.toNanos();
            MaxRateWriter.Result written = new MaxRateWriter(clients, STREAM, EVENT_BYTES, IN_FLIGHT, STALLED)
                    .write(Long.MAX_VALUE, () -> System.nanoTime() > end);
            LOG.info("{} events of {} bytes sent ({} MB, {}x the cache), {} acknowledged, {} failed", written.sent(),
                    EVENT_BYTES, written.sentBytes(EVENT_BYTES) >> 20, written.sentBytes(EVENT_BYTES) / SMALL_CACHE_BYTES,
                    written.acked().cardinality(), written.failed());
            acked = written.acked();
            assertTrue(written.stalled(), "the writes never stalled: the cache did not fill");
            died = small.died().toCompletableFuture().get(3, TimeUnit.MINUTES);
            // the writer still holds unanswered events for a cluster that is gone: its close would wait for them
            clients.close();
        } finally {
            small.close();
        }
        LOG.info("cluster reported: {}", died);
        assertTrue(died.contains("segment containers not running") && died.contains("CacheFullException"), died);
        assertTrue(acked.cardinality() > 0, "nothing was acknowledged before the cache filled");

        try (StandaloneCluster restarted = StandaloneCluster.start(ClusterConfig.builder().dataDir(dir).allPortsEphemeral().build());
             EventStreamClientFactory clients = EventStreamClientFactory.withScope(scope,
                     ClientConfig.builder().controllerURI(restarted.controllerUri()).build())) {
            BitSet read = SequenceReader.readAll(clients, "readers", acked, NO_READ_TIMEOUT);
            BitSet missing = (BitSet) acked.clone();
            missing.andNot(read);
            assertEquals(0, missing.cardinality(), missing.cardinality() + " of " + acked.cardinality()
                    + " acknowledged events never read after the restart");
        }
    }
}
