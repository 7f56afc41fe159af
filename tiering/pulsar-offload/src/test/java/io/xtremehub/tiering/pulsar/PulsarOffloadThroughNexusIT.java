package io.xtremehub.tiering.pulsar;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pulsar.client.admin.LongRunningProcessStatus;
import org.apache.pulsar.client.admin.OffloadProcessStatus;
import org.apache.pulsar.client.api.Message;
import org.apache.pulsar.client.api.MessageId;
import org.apache.pulsar.client.api.MessageIdAdv;
import org.apache.pulsar.client.api.Producer;
import org.apache.pulsar.client.api.Reader;
import org.apache.pulsar.common.policies.data.ManagedLedgerInternalStats.LedgerInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Pulsar 4.0 standalone broker offloads ledgers with its {@code tiered-storage-jcloud} offloader
 * to Nexus (zstd policy, filesystem backend); BookKeeper then deletes them and the topic is read back
 * from the offloaded objects alone.
 */
class PulsarOffloadThroughNexusIT {
    private static final String BUCKET = "pulsar-offload";
    private static final int ENTRIES_PER_LEDGER = 200;

    @TempDir
    static Path dir;
    static NexusProcess nexus;
    static PulsarStandaloneBroker broker;

    @BeforeAll
    static void start() throws Exception {
        nexus = NexusProcess.start(dir.resolve("nexus"), Map.of(BUCKET, "zstd"));
        broker = PulsarStandaloneBroker.start(dir.resolve("pulsar"), nexus.endpoint(), BUCKET, ENTRIES_PER_LEDGER);
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
        if (nexus != null) {
            nexus.close();
        }
    }

    @Test
    void offloadedLedgersReadBackByteForByteOnceBookKeeperDeletedThem() throws Exception {
        String topic = "persistent://" + PulsarStandaloneBroker.NAMESPACE + "/hdfs-logs";
        // five full ledgers and part of a sixth, the one still being written
        List<byte[]> written = produce(topic, 5 * ENTRIES_PER_LEDGER + 50, 1);
        MessageIdAdv last = (MessageIdAdv) broker.admin().topics().getLastMessageId(topic);

        broker.admin().topics().triggerOffload(topic, last);
        await().atMost(Duration.ofMinutes(2)).until(() ->
                broker.admin().topics().offloadStatus(topic).getStatus() != LongRunningProcessStatus.Status.RUNNING);
        OffloadProcessStatus status = broker.admin().topics().offloadStatus(topic);
        assertEquals(LongRunningProcessStatus.Status.SUCCESS, status.getStatus(),
                () -> "offload failed: " + status.getLastError());

        List<LedgerInfo> ledgers = broker.admin().topics().getInternalStats(topic).ledgers;
        List<Long> offloaded = ledgers.stream().filter(l -> l.offloaded).map(l -> l.ledgerId).toList();
        List<Long> before = ledgers.stream().map(l -> l.ledgerId).filter(id -> id < last.getLedgerId()).toList();
        // every ledger before the one holding the last message
        assertEquals(before, offloaded);
        assertEquals(5, offloaded.size(), () -> "offloaded ledgers " + offloaded);
        // deletion lag 0: the retention check deletes the offloaded ledgers from BookKeeper
        await().atMost(Duration.ofMinutes(1)).until(() -> noneInBookKeeper(offloaded));

        // a reloaded topic has nothing cached: every read of the offloaded ledgers goes to Nexus
        broker.admin().topics().unload(topic);
        assertEquals(written.size(), readAll(topic, written));

        Path bucket = nexus.bucketDir(BUCKET);
        List<String> keys = BackendObjects.keys(bucket);
        for (long ledger : offloaded) {
            String data = keys.stream().filter(k -> k.endsWith("-ledger-" + ledger)).findFirst()
                    .orElseThrow(() -> new AssertionError("no data object of ledger " + ledger + " in " + keys));
            // the data object went through the zstd policy: marker on it, stored compressed
            Map<String, String> marker = BackendObjects.nexusMarker(bucket, data);
            assertEquals(BUCKET + "@1", marker.get("p"), () -> data + " has no marker of the policy: " + marker);
            assertTrue(marker.get("s").contains("zstd@"), () -> data + " was not compressed: " + marker);
            long written = Long.parseLong(marker.get("n"));
            long stored = BackendObjects.storedBytes(bucket, data);
            assertTrue(stored * 2 < written, () -> data + ": " + stored + " bytes stored of " + written + " written");
            // the index object is the offloader's metadata: Nexus stores it exactly as written
            String index = data + "-index";
            assertTrue(keys.contains(index), () -> "no index object of ledger " + ledger + " in " + keys);
            assertEquals(Map.of(), BackendObjects.nexusMarker(bucket, index));
            assertEquals("index", BackendObjects.metadata(bucket, index).get("user.user-metadata.role"));
        }
    }

    private static boolean noneInBookKeeper(List<Long> ledgers) throws Exception {
        for (long ledger : ledgers) {
            if (broker.ledgerInBookKeeper(ledger)) {
                return false;
            }
        }
        return true;
    }

    /** Writes log lines one message per entry (no batching), so ledgers roll over by message count. */
    static List<byte[]> produce(String topic, int count, long seed) throws Exception {
        HdfsLogLines lines = new HdfsLogLines(seed);
        List<byte[]> written = new ArrayList<>();
        List<CompletableFuture<MessageId>> sends = new ArrayList<>();
        try (Producer<byte[]> producer = broker.client().newProducer().topic(topic).enableBatching(false)
                .blockIfQueueFull(true).create()) {
            for (int i = 0; i < count; i++) {
                byte[] line = lines.nextBytes();
                written.add(line);
                sends.add(producer.sendAsync(line));
            }
            CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).get(2, TimeUnit.MINUTES);
        }
        return written;
    }

    /** Reads the topic from the start and checks it holds exactly {@code expected}; returns the count read. */
    static int readAll(String topic, List<byte[]> expected) throws Exception {
        try (Reader<byte[]> reader = broker.client().newReader().topic(topic).startMessageId(MessageId.earliest)
                .create()) {
            for (int i = 0; i < expected.size(); i++) {
                Message<byte[]> message = reader.readNext(60, TimeUnit.SECONDS);
                int index = i;
                assertTrue(message != null, () -> "message " + index + " of " + expected.size() + " missing");
                assertArrayEquals(expected.get(i), message.getValue(), "message " + i);
            }
            assertNull(reader.readNext(1, TimeUnit.SECONDS), "a message nobody wrote");
            assertFalse(reader.hasMessageAvailable());
        }
        return expected.size();
    }
}
