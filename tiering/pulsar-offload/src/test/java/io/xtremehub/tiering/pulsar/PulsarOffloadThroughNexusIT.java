package io.xtremehub.tiering.pulsar;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.tiering.loglines.LogLines;
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
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * A Pulsar 4.0 standalone broker offloads ledgers with its {@code tiered-storage-jcloud} offloader
 * to Nexus (zstd policy, filesystem backend); BookKeeper then deletes them and the topic is read back
 * from the offloaded objects alone.
 */
class PulsarOffloadThroughNexusIT {
    private static final String BUCKET = "pulsar-offload";
    /** Bucket whose policy fails the first PUT, then compresses with zstd. */
    private static final String FAULTS_BUCKET = "pulsar-faults";
    private static final int ENTRIES_PER_LEDGER = 200;

    @TempDir
    static Path dir;
    static NexusServe nexus;
    static PulsarStandaloneBroker broker;

    @BeforeAll
    static void start() throws Exception {
        nexus = NexusServe.builder(dir.resolve("nexus")).policy(BUCKET, "zstd").bucket(FAULTS_BUCKET).start();
        // the fault injection is a streamlet jar an operator would register at run time, then use in a policy
        nexus.registerStreamlets(NexusServe.faultStreamletsJar());
        nexus.definePolicy(FAULTS_BUCKET, "fail-first-puts:failures=1;run=faults,zstd");
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

        OffloadProcessStatus status = offload(topic, last);
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
            long original = Long.parseLong(marker.get("n"));
            long stored = BackendObjects.storedBytes(bucket, data);
            assertTrue(stored * 2 < original, () -> data + ": " + stored + " bytes stored of " + original + " written");
            // the index object is the offloader's metadata: Nexus stores it exactly as written
            String index = data + "-index";
            assertTrue(keys.contains(index), () -> "no index object of ledger " + ledger + " in " + keys);
            assertEquals(Map.of(), BackendObjects.nexusMarker(bucket, index));
            assertEquals("index", BackendObjects.metadata(bucket, index).get("user.user-metadata.role"));
        }
    }

    @Test
    void streamletFailureIsAnS3ErrorTheOffloadRecoversFromWithTheDataIntact() throws Exception {
        String namespace = "xtremehub/faults";
        broker.createNamespace(namespace, nexus.endpoint(), FAULTS_BUCKET);
        String topic = "persistent://" + namespace + "/hdfs-logs";
        List<byte[]> written = produce(topic, 2 * ENTRIES_PER_LEDGER + 10, 2);
        MessageIdAdv last = (MessageIdAdv) broker.admin().topics().getLastMessageId(topic);

        // The first CompleteMultipartUpload fails in the streamlet: Nexus answers 500 InternalError,
        // jclouds retries it, and the retry (the parts are still there) stores the ledger.
        OffloadProcessStatus status = offload(topic, last);
        assertEquals(LongRunningProcessStatus.Status.SUCCESS, status.getStatus(),
                () -> "offload failed: " + status.getLastError());
        assertTrue(nexus.log().contains("injecting streamlet failure 1 of 1 (run faults)"), "no failure was injected");

        List<Long> offloaded = broker.admin().topics().getInternalStats(topic).ledgers.stream()
                .filter(l -> l.offloaded).map(l -> l.ledgerId).toList();
        assertEquals(2, offloaded.size(), () -> "offloaded ledgers " + offloaded);
        await().atMost(Duration.ofMinutes(1)).until(() -> noneInBookKeeper(offloaded));
        broker.admin().topics().unload(topic);
        assertEquals(written.size(), readAll(topic, written));
        // one data and one index object per offloaded ledger: the failed attempt left nothing behind
        List<String> keys = BackendObjects.keys(nexus.bucketDir(FAULTS_BUCKET)).stream()
                .filter(k -> !k.startsWith(".")).toList();
        assertEquals(4, keys.size(), () -> "objects: " + keys);
    }

    @Test
    void unreachableBackendFailsTheOffloadAndBookKeeperKeepsEveryLedger() throws Exception {
        // Nexus in front of an S3 backend (a plain Nexus without policies) that then goes away
        NexusServe backend = NexusServe.builder(dir.resolve("backend-s3")).start();
        try (NexusServe front = NexusServe.builder(dir.resolve("nexus-front")).policy("pulsar-unreachable", "zstd")
                .s3Backend(backend.endpoint()).start()) {
            backend.close();
            assertTrue(backend.log().contains("Nexus stopped"), "the backend did not stop cleanly on SIGTERM");
            String namespace = "xtremehub/unreachable";
            broker.createNamespace(namespace, front.endpoint(), "pulsar-unreachable");
            String topic = "persistent://" + namespace + "/hdfs-logs";
            List<byte[]> written = produce(topic, 2 * ENTRIES_PER_LEDGER + 10, 3);
            MessageIdAdv last = (MessageIdAdv) broker.admin().topics().getLastMessageId(topic);

            OffloadProcessStatus status = offload(topic, last);
            assertEquals(LongRunningProcessStatus.Status.ERROR, status.getStatus());
            // the broker's error names the failed S3 request and Nexus' answer
            assertTrue(status.getLastError().contains("failed with code 500")
                    && status.getLastError().contains("InternalError"), status.getLastError());

            List<LedgerInfo> ledgers = broker.admin().topics().getInternalStats(topic).ledgers;
            assertTrue(ledgers.stream().noneMatch(l -> l.offloaded), () -> "a ledger is marked offloaded");
            for (LedgerInfo ledger : ledgers) {
                assertTrue(broker.ledgerInBookKeeper(ledger.ledgerId), "ledger " + ledger.ledgerId + " left BookKeeper");
            }
            broker.admin().topics().unload(topic);
            assertEquals(written.size(), readAll(topic, written));
        } finally {
            backend.close();
        }
    }

    @Test
    void multipartUploadOfAClientThatDiedLeavesNoVisibleObject() throws Exception {
        String key = java.util.UUID.randomUUID() + "-ledger-999999";
        byte[] part = new byte[5 * 1024 * 1024];
        LogLines lines = new LogLines(4);
        for (int at = 0; at < part.length; ) {
            byte[] line = (lines.next() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
            int n = Math.min(line.length, part.length - at);
            System.arraycopy(line, 0, part, at, n);
            at += n;
        }
        // what an offloader killed mid-upload leaves: an upload with a part, never completed nor aborted
        try (S3Client dying = s3Client()) {
            String uploadId = dying.createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
            dying.uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(uploadId).partNumber(1),
                    RequestBody.fromBytes(part));
        }
        try (S3Client s3 = s3Client()) {
            assertThrows(NoSuchKeyException.class, () -> s3.headObject(b -> b.bucket(BUCKET).key(key)));
            assertTrue(s3.listObjectsV2(b -> b.bucket(BUCKET)).contents().stream().noneMatch(o -> o.key().equals(key)),
                    "the unfinished object is listed");
        }
        assertFalse(java.nio.file.Files.exists(nexus.bucketDir(BUCKET).resolve(key)), "the backend holds it");
    }

    private static S3Client s3Client() {
        return S3Client.builder().endpointOverride(java.net.URI.create(nexus.endpoint()))
                .region(Region.US_EAST_1).forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(NexusServe.ACCESS_KEY, NexusServe.SECRET_KEY)))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    /** Triggers an offload up to {@code last} and waits until it has finished, well or not. */
    private static OffloadProcessStatus offload(String topic, MessageIdAdv last) throws Exception {
        broker.admin().topics().triggerOffload(topic, last);
        await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500)).until(() ->
                broker.admin().topics().offloadStatus(topic).getStatus() != LongRunningProcessStatus.Status.RUNNING);
        return broker.admin().topics().offloadStatus(topic);
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
        LogLines lines = new LogLines(seed);
        List<byte[]> written = new ArrayList<>();
        List<CompletableFuture<MessageId>> sends = new ArrayList<>();
        try (Producer<byte[]> producer = broker.client().newProducer().topic(topic).enableBatching(false)
                .blockIfQueueFull(true).create()) {
            for (int i = 0; i < count; i++) {
                byte[] line = lines.next().getBytes(java.nio.charset.StandardCharsets.UTF_8);
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
