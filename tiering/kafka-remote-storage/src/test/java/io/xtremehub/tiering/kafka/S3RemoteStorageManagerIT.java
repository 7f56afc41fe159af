package io.xtremehub.tiering.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.tiering.kafka.layout.SegmentKeys;
import io.xtremehub.tiering.kafka.s3.S3Objects;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.SequenceInputStream;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.server.log.remote.storage.LogSegmentData;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadata;
import org.apache.kafka.server.log.remote.storage.RemoteResourceNotFoundException;
import org.apache.kafka.server.log.remote.storage.RemoteStorageException;
import org.apache.kafka.server.log.remote.storage.RemoteStorageManager.IndexType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * The plugin against Nexus, called as the broker calls it: whole segments and ranges read back,
 * each index from the one {@code .indexes} object, multipart segments, idempotent deletes, uploads
 * cut off midway that leave no object, and an endpoint that is down.
 */
class S3RemoteStorageManagerIT {
    @TempDir
    static Path tmp;
    static TieringNexus nexus;
    static S3RemoteStorageManager rsm;
    static S3Client s3;

    @BeforeAll
    static void start() throws Exception {
        nexus = new TieringNexus(tmp.resolve("nexus"));
        rsm = new S3RemoteStorageManager();
        Map<String, String> config = nexus.pluginConfig();
        config.put(S3StorageConfig.PART_SIZE, Integer.toString(5 << 20));
        rsm.configure(config);
        s3 = nexus.client();
    }

    @AfterAll
    static void stop() throws Exception {
        s3.close();
        rsm.close();
        nexus.close();
    }

    @Test
    void aSegmentIsReadBackWholeByRangeAndIndexByIndex() throws Exception {
        RemoteLogSegmentMetadata segment = Segments.metadata("orders", 1000, 300_000);
        LogSegmentData data = Segments.files(tmp.resolve("small"), 300_000, true);
        rsm.copyLogSegmentData(segment, data);
        byte[] log = Files.readAllBytes(data.logSegment());

        assertArrayEquals(log, rsm.fetchLogSegment(segment, 0).readAllBytes());
        assertArrayEquals(Arrays.copyOfRange(log, 123_456, log.length), rsm.fetchLogSegment(segment, 123_456)
                .readAllBytes());
        // Kafka's end position is inclusive, and may lie past the end of the segment
        assertArrayEquals(Arrays.copyOfRange(log, 70_000, 80_001), rsm.fetchLogSegment(segment, 70_000, 80_000)
                .readAllBytes());
        assertArrayEquals(Arrays.copyOfRange(log, 299_000, log.length), rsm.fetchLogSegment(segment, 299_000,
                Integer.MAX_VALUE).readAllBytes());

        assertArrayEquals(Files.readAllBytes(data.offsetIndex()), index(segment, IndexType.OFFSET));
        assertArrayEquals(Files.readAllBytes(data.timeIndex()), index(segment, IndexType.TIMESTAMP));
        assertArrayEquals(Files.readAllBytes(data.transactionIndex().orElseThrow()), index(segment,
                IndexType.TRANSACTION));
        assertArrayEquals(Files.readAllBytes(data.producerSnapshotIndex()), index(segment,
                IndexType.PRODUCER_SNAPSHOT));
        assertArrayEquals(bytes(data.leaderEpochIndex()), index(segment, IndexType.LEADER_EPOCH));

        SegmentKeys keys = SegmentKeys.of(TieringNexus.PREFIX, segment);
        assertTrue(nexus.storedSize(keys.log()) * 2 < log.length, "the .log object is stored compressed");
        assertTrue(nexus.marker(keys.log()).isPresent());
    }

    @Test
    void aSegmentWithoutTransactionIndexAnswersNotFoundForIt() throws Exception {
        RemoteLogSegmentMetadata segment = Segments.metadata("no-txn", 0, 10_000);
        LogSegmentData data = Segments.files(tmp.resolve("no-txn"), 10_000, false);
        rsm.copyLogSegmentData(segment, data);
        // the broker's index cache takes this exception as "no aborted transactions"
        assertThrows(RemoteResourceNotFoundException.class, () -> rsm.fetchIndex(segment, IndexType.TRANSACTION));
        assertArrayEquals(Files.readAllBytes(data.offsetIndex()), index(segment, IndexType.OFFSET));
    }

    @Test
    void aSegmentLargerThanAPartGoesMultipartAndReadsBackWhole() throws Exception {
        RemoteLogSegmentMetadata segment = Segments.metadata("big", 0, 12 << 20);
        LogSegmentData data = Segments.files(tmp.resolve("big"), 12 << 20, false);
        rsm.copyLogSegmentData(segment, data);
        byte[] log = Files.readAllBytes(data.logSegment());
        assertArrayEquals(log, rsm.fetchLogSegment(segment, 0).readAllBytes());
        int from = (5 << 20) - 100; // across the first part boundary
        assertArrayEquals(Arrays.copyOfRange(log, from, from + 1000), rsm.fetchLogSegment(segment, from,
                from + 999).readAllBytes());
        String key = SegmentKeys.of(TieringNexus.PREFIX, segment).log();
        assertEquals(log.length, s3.headObject(r -> r.bucket(TieringNexus.BUCKET).key(key)).contentLength());
        assertTrue(nexus.storedSize(key) * 2 < log.length, "the multipart .log object is stored compressed");
    }

    @Test
    void deletingIsIdempotentAndADeletedSegmentIsNotFound() throws Exception {
        RemoteLogSegmentMetadata segment = Segments.metadata("gone", 50, 20_000);
        rsm.copyLogSegmentData(segment, Segments.files(tmp.resolve("gone"), 20_000, true));
        rsm.deleteLogSegmentData(segment);
        rsm.deleteLogSegmentData(segment);
        assertTrue(nexus.storedKeys(TieringNexus.PREFIX + "gone-").isEmpty());
        assertThrows(RemoteResourceNotFoundException.class, () -> rsm.fetchIndex(segment, IndexType.OFFSET));
        assertThrows(RemoteResourceNotFoundException.class, () -> rsm.fetchLogSegment(segment, 0).read());
    }

    @Test
    void aMultipartUploadCutOffMidwayIsAbortedAndLeavesNoObject() throws Exception {
        Map<String, String> config = nexus.pluginConfig();
        config.put(S3StorageConfig.PART_SIZE, Integer.toString(5 << 20));
        String key = TieringNexus.PREFIX + "cut-0123456789012345678901/0/00000000000000000000-x.log";
        try (S3Objects objects = S3Objects.create(new S3StorageConfig(config))) {
            // the segment file fails after two parts were uploaded
            IOException e = assertThrows(IOException.class, () -> objects.putMultipart(key,
                    failingAfter(11 << 20)));
            assertEquals("disk gone", e.getMessage());
        }
        assertThrows(NoSuchKeyException.class, () -> s3.headObject(r -> r.bucket(TieringNexus.BUCKET).key(key)));
        assertTrue(s3.listMultipartUploads(r -> r.bucket(TieringNexus.BUCKET)).uploads().stream()
                .noneMatch(u -> u.key().equals(key)), "the upload was aborted");
    }

    @Test
    void anInterruptedMultipartUploadIsAbortedAndLeavesNoObject() throws Exception {
        String key = TieringNexus.PREFIX + "stop-0123456789012345678901/0/00000000000000000000-x.log";
        CountDownLatch firstPartRead = new CountDownLatch(1);
        // a source that serves one part, then waits, as a slow disk would, until the broker cancels the copy
        InputStream slow = new SequenceInputStream(new ByteArrayInputStream(new byte[5 << 20]), new InputStream() {
            @Override
            public int read() throws IOException {
                firstPartRead.countDown();
                try {
                    new CountDownLatch(1).await();
                    return -1;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("copy cancelled");
                }
            }
        });
        Map<String, String> config = nexus.pluginConfig();
        config.put(S3StorageConfig.PART_SIZE, Integer.toString(5 << 20));
        try (S3Objects objects = S3Objects.create(new S3StorageConfig(config))) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread copier = new Thread(() -> {
                try {
                    objects.putMultipart(key, slow);
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            copier.start();
            assertTrue(firstPartRead.await(1, TimeUnit.MINUTES));
            copier.interrupt();
            copier.join(TimeUnit.MINUTES.toMillis(1));
            assertFalse(copier.isAlive());
            assertTrue(failure.get() instanceof InterruptedIOException, String.valueOf(failure.get()));
        }
        assertThrows(NoSuchKeyException.class, () -> s3.headObject(r -> r.bucket(TieringNexus.BUCKET).key(key)));
        assertTrue(s3.listMultipartUploads(r -> r.bucket(TieringNexus.BUCKET)).uploads().stream()
                .noneMatch(u -> u.key().equals(key)), "the upload was aborted");
    }

    @Test
    void aClientThatDiesDuringItsUploadLeavesNoObject() throws Exception {
        // a multipart upload whose client dies before completing it
        String multipart = TieringNexus.PREFIX + "dead-0123456789012345678901/0/00000000000000000000-m.log";
        String uploadId = s3.createMultipartUpload(r -> r.bucket(TieringNexus.BUCKET).key(multipart)).uploadId();
        s3.uploadPart(r -> r.bucket(TieringNexus.BUCKET).key(multipart).uploadId(uploadId).partNumber(1),
                RequestBody.fromBytes(new byte[5 << 20]));
        assertThrows(NoSuchKeyException.class,
                () -> s3.headObject(r -> r.bucket(TieringNexus.BUCKET).key(multipart)));
        // only as a pending upload, which is how the aborted ones above are known to be gone
        assertTrue(s3.listMultipartUploads(r -> r.bucket(TieringNexus.BUCKET)).uploads().stream()
                .anyMatch(u -> u.uploadId().equals(uploadId)));
        // a single PUT whose body stops halfway: the connection drops with the body incomplete
        String single = TieringNexus.PREFIX + "dead-0123456789012345678901/0/00000000000000000000-s.log";
        assertThrows(RuntimeException.class, () -> s3.putObject(r -> r.bucket(TieringNexus.BUCKET).key(single),
                RequestBody.fromContentProvider(() -> failingAfter(1 << 20), 2 << 20, "application/octet-stream")));
        assertThrows(NoSuchKeyException.class, () -> s3.headObject(r -> r.bucket(TieringNexus.BUCKET).key(single)));
        // Nexus streams a body into its backend as it comes: the backend's partial file goes once the
        // server has seen the body break off, which can be just after the client gave up
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!nexus.storedKeys(TieringNexus.PREFIX + "dead-").isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(List.of(), nexus.storedKeys(TieringNexus.PREFIX + "dead-"), "nothing of either upload stored");
    }

    @Test
    void anUnreachableEndpointFailsEachCallWithOneClearLine() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Map<String, String> config = new HashMap<>(nexus.pluginConfig());
        config.put(S3StorageConfig.ENDPOINT, "http://127.0.0.1:" + closedPort);
        config.put(S3StorageConfig.API_CALL_TIMEOUT_MS, "10000");
        try (S3RemoteStorageManager down = new S3RemoteStorageManager()) {
            down.configure(config);
            RemoteLogSegmentMetadata segment = Segments.metadata("down", 0, 10_000);
            LogSegmentData data = Segments.files(tmp.resolve("down"), 10_000, true);
            RemoteStorageException e = assertThrows(RemoteStorageException.class,
                    () -> down.copyLogSegmentData(segment, data));
            assertTrue(e.getMessage().startsWith("cannot copy segment " + segment.remoteLogSegmentId().id()),
                    e.getMessage());
            assertTrue(e.getMessage().contains("127.0.0.1:" + closedPort), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            assertFalse(e instanceof RemoteResourceNotFoundException);
            assertThrows(RemoteStorageException.class, () -> down.fetchIndex(segment, IndexType.OFFSET));
            assertThrows(RemoteStorageException.class, () -> down.fetchLogSegment(segment, 0));
            assertThrows(RemoteStorageException.class, () -> down.deleteLogSegmentData(segment));
        }
    }

    private static byte[] index(RemoteLogSegmentMetadata segment, IndexType type) throws Exception {
        try (InputStream in = rsm.fetchIndex(segment, type)) {
            return in.readAllBytes();
        }
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] b = new byte[buffer.remaining()];
        buffer.duplicate().get(b);
        return b;
    }

    /** Log-like bytes that fail with "disk gone" after {@code limit} bytes. */
    private static InputStream failingAfter(int limit) {
        return new InputStream() {
            private int served;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (served >= limit) {
                    throw new IOException("disk gone");
                }
                int n = Math.min(len, limit - served);
                Arrays.fill(b, off, off + n, (byte) ('a' + served % 26));
                served += n;
                return n;
            }
        };
    }
}
