package io.xtremehub.omb.driver.kafka;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.omb.driver.BenchmarkConsumer;
import io.xtremehub.omb.driver.BenchmarkProducer;
import io.xtremehub.omb.driver.Drivers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kafka driver's {@code tieredStorage} option for real: the shipped kafka-tiered.yaml, with 1 MiB
 * segments and 1 s of local retention so that the test is short. Segments tier through Nexus' zstd
 * policy, their local copies go, and a consumer of the driver reads every message back, once, from
 * the tiered copies.
 */
class KafkaTieredStorageIT {
    private static final int PARTITIONS = 2;
    private static final int MESSAGES = 6_000;

    @Test
    void aBacklogTieredThroughNexusIsConsumedWholeFromRemoteStorage(@TempDir Path dir) throws Exception {
        Path driverFile = dir.resolve("kafka-tiered-test.yaml");
        Files.writeString(driverFile, Files.readString(Path.of("drivers/kafka-tiered.yaml"))
                .replace("  min.insync.replicas=1\n", "  min.insync.replicas=1\n  segment.bytes=1048576\n"
                        + "  local.retention.ms=1000\n  file.delete.delay.ms=1000\n"));
        try (KafkaBenchmarkDriver driver = (KafkaBenchmarkDriver) Drivers.open(driverFile)) {
            String topic = "historical";
            driver.createTopic(topic, PARTITIONS).get();
            try (BenchmarkProducer producer = driver.createProducer(topic).get()) {
                List<CompletableFuture<Void>> acks = new ArrayList<>();
                for (int i = 0; i < MESSAGES; i++) {
                    acks.add(producer.sendAsync(Optional.of("k" + i), payload(i)));
                }
                CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).get();
            }
            EmbeddedKafka broker = driver.embeddedBroker();
            try (Admin admin = Admin.create(Map.<String, Object>of("bootstrap.servers", broker.bootstrapServers()))) {
                await().atMost(Duration.ofMinutes(2)).until(() -> tieredAndLocallyDeleted(admin, topic));
            }

            Map<Integer, AtomicInteger> received = new ConcurrentHashMap<>();
            try (BenchmarkConsumer consumer = driver.createConsumer(topic, "historical-reader", payload ->
                    received.computeIfAbsent(index(payload), i -> new AtomicInteger()).incrementAndGet()).get()) {
                await().atMost(Duration.ofMinutes(2)).until(() -> received.size() == MESSAGES);
            }
            assertTrue(received.values().stream().allMatch(n -> n.get() == 1), "a message was read twice");
            long[] stored = broker.tiering().storedLogSegments();
            long raw = (long) MESSAGES * payload(0).length;
            assertTrue(stored[0] >= PARTITIONS, "tiered log segments: " + stored[0]);
            // the tiered segments hold most of the messages; zstd stores them in well under half their size
            assertTrue(stored[1] > 0 && stored[1] < raw / 2, "stored " + stored[1] + " of " + raw + " bytes");
        }
    }

    private static boolean tieredAndLocallyDeleted(Admin admin, String topic) throws Exception {
        for (int p = 0; p < PARTITIONS; p++) {
            TopicPartition tp = new TopicPartition(topic, p);
            long earliestLocal = admin.listOffsets(Map.of(tp, OffsetSpec.earliestLocal())).partitionResult(tp).get()
                    .offset();
            long tiered = admin.listOffsets(Map.of(tp, OffsetSpec.latestTiered())).partitionResult(tp).get().offset();
            if (earliestLocal == 0 || tiered + 1 < earliestLocal) {
                return false;
            }
        }
        return true;
    }

    // 1 KB of log-like text: compressible, as tiered data usually is
    private static byte[] payload(int i) {
        StringBuilder line = new StringBuilder(String.format("%08d ", i));
        while (line.length() < 1024) {
            line.append("INFO dfs.DataNode$PacketResponder: PacketResponder for block blk_").append(i % 97).append(' ');
        }
        return line.substring(0, 1024).getBytes(StandardCharsets.UTF_8);
    }

    private static int index(byte[] payload) {
        return Integer.parseInt(new String(payload, 0, 8, StandardCharsets.US_ASCII));
    }
}
