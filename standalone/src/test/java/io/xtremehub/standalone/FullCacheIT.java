package io.xtremehub.standalone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
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
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writers that outrun LTS by more than the segment store's cache. Every appended byte stays in the
 * cache until it is in LTS; 10 KB events written as fast as one writer goes fill a small cache in
 * seconds, Pravega fails the segment container with a full cache, and its recovery (which replays
 * the WAL into the same cache) fails the same way every time Pravega retries it: the stream answers
 * nobody, which is how the OMB 10 KB run ended with acknowledged events unread. The cluster must
 * stop and say why instead of looking healthy, and the acknowledged events must all be read back
 * exactly once after a restart with a cache large enough for the replay.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class FullCacheIT {
    private static final Logger LOG = LoggerFactory.getLogger(FullCacheIT.class);
    private static final String STREAM = "full-cache";
    private static final int EVENT_BYTES = 10 * 1024;
    private static final long SMALL_CACHE_BYTES = 32L << 20;
    private static final Duration WRITING = Duration.ofSeconds(20);
    /** Unanswered writes allowed at once: 10 MB, a third of the small cache. */
    private static final int IN_FLIGHT = 1000;
    /** Writing stops early once no write was answered for this long. */
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
            acked = write(clients);
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
            BitSet read = readAll(clients, acked);
            BitSet missing = (BitSet) acked.clone();
            missing.andNot(read);
            assertEquals(0, missing.cardinality(), missing.cardinality() + " of " + acked.cardinality()
                    + " acknowledged events never read after the restart");
        }
    }

    /** Writes as fast as the cluster answers until it stops answering; returns the acknowledged sequence numbers. */
    private static BitSet write(EventStreamClientFactory clients) throws InterruptedException {
        BitSet acked = new BitSet();
        AtomicLong failed = new AtomicLong();
        AtomicLong lastAnswer = new AtomicLong(System.nanoTime());
        Semaphore window = new Semaphore(IN_FLIGHT);
        byte[] noise = new byte[EVENT_BYTES / 2];
        ThreadLocalRandom.current().nextBytes(noise);
        int sent = 0;
        EventStreamWriter<byte[]> writer = clients.createEventWriter(STREAM, new ByteArraySerializer(),
                EventWriterConfig.builder().build());
        long end = System.nanoTime() + WRITING.toNanos();
        while (System.nanoTime() < end && System.nanoTime() - lastAnswer.get() < STALLED.toNanos()) {
            if (!window.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                continue;
            }
            int seq = sent++;
            writer.writeEvent("k" + (seq % 16), event(seq, noise)).whenComplete((v, e) -> {
                if (e == null) {
                    synchronized (acked) {
                        acked.set(seq);
                    }
                } else {
                    failed.incrementAndGet();
                }
                lastAnswer.set(System.nanoTime());
                window.release();
            });
        }
        synchronized (acked) {
            LOG.info("{} events of {} bytes sent ({} MB, {}x the cache), {} acknowledged, {} failed", sent,
                    EVENT_BYTES, (long) sent * EVENT_BYTES >> 20, (long) sent * EVENT_BYTES / SMALL_CACHE_BYTES,
                    acked.cardinality(), failed.get());
            return (BitSet) acked.clone();
        }
    }

    private static byte[] event(int seq, byte[] noise) {
        ByteBuffer b = ByteBuffer.allocate(EVENT_BYTES);
        b.putInt(seq).put(noise);
        return b.array();
    }

    /** Reads until every acknowledged event arrived, failing on a duplicate or a minute without any event. */
    private static BitSet readAll(EventStreamClientFactory clients, BitSet acked) {
        BitSet read = new BitSet();
        long lastProgress = System.nanoTime();
        try (EventStreamReader<byte[]> reader = clients.createReader("r1", "readers", new ByteArraySerializer(),
                ReaderConfig.builder().build())) {
            while (read.cardinality() < acked.cardinality()) {
                EventRead<byte[]> e = reader.readNextEvent(500);
                if (e.getEvent() != null) {
                    int seq = ByteBuffer.wrap(e.getEvent()).getInt();
                    assertFalse(read.get(seq), "event " + seq + " read twice");
                    read.set(seq);
                    lastProgress = System.nanoTime();
                } else if (System.nanoTime() - lastProgress > NO_READ_TIMEOUT.toNanos()) {
                    break;
                }
            }
        }
        return read;
    }
}
