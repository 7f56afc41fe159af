package io.xtremehub.nexus.backend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.Backend;
import io.xtremehub.nexus.BreakingBody;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;
import software.amazon.awssdk.services.s3.model.UploadPartResponse;

/**
 * Bodies of unknown length stored through the S3 backend's client into a real S3 endpoint (an
 * S3Proxy over a directory): byte for byte at and around the part size, never more than one part
 * read ahead of what was handed to the backend, and nothing left behind when the body breaks off.
 */
class PartedPutBlobStoreIT {
    private static final int PART = PartedPutBlobStore.MIN_PART_SIZE;
    private static final String BUCKET = "parted";

    @TempDir
    static Path tmp;
    static LocalS3 s3;
    static BlobStore sdk;

    @BeforeAll
    static void start() throws Exception {
        s3 = LocalS3.start(tmp, BUCKET);
        sdk = s3.sdk();
    }

    @AfterAll
    static void stop() throws Exception {
        s3.close();
    }

    static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    static PutObjectRequest unknownLength(String key) {
        return PutObjectRequest.builder().bucket(BUCKET).key(key).metadata(Map.of("nexus-trailer", "w1")).build();
    }

    static byte[] read(String key) throws IOException {
        try (InputStream in = sdk.getBlob(GetObjectRequest.builder().bucket(BUCKET).key(key).build())) {
            return in.readAllBytes();
        }
    }

    @Test
    void bodiesBelowAtAndAboveThePartSizeRoundTripByteForByte() throws Exception {
        record Case(int size, List<Long> stored, boolean multipart) {
        }
        List<Case> cases = List.of(new Case(0, List.of(0L), false), new Case(1, List.of(1L), false),
                new Case(PART - 1, List.of(PART - 1L), false), new Case(PART, List.of((long) PART), true),
                new Case(PART + 1, List.of((long) PART, 1L), true),
                new Case(2 * PART + 3, List.of((long) PART, (long) PART, 3L), true));
        for (Case c : cases) {
            byte[] data = random(c.size(), c.size());
            Recorder recorder = new Recorder(sdk);
            BreakingBody body = new BreakingBody(data, Long.MAX_VALUE, () -> { });
            recorder.body = body;
            String key = "chunk-" + c.size();
            String eTag = PartedPutBlobStore.over(recorder, PART).putBlob(unknownLength(key), body).eTag();

            assertArrayEquals(data, read(key), key);
            // the ETag answered is the stored object's (MarkerTrailerBlobStore remembers trailers by it)
            assertEquals(sdk.blobMetadata(BUCKET, key).eTag(), eTag, key);
            assertEquals(c.stored(), recorder.lengths, key);
            assertEquals(c.multipart() ? 1 : 0, recorder.completed, key);
            assertEquals("w1", sdk.blobMetadata(BUCKET, key).metadata().get("nexus-trailer"), key);
            // memory: what was read from the body but not yet handed to the backend never exceeded a part
            assertTrue(recorder.mostAhead <= PART, key + " read " + recorder.mostAhead + " bytes ahead");
        }
        assertEquals(List.of(), sdk.listMultipartUploads(BUCKET));
    }

    @Test
    void aBodyBreakingOffAfterSomePartsLeavesNoObjectAndNoUpload() {
        Recorder recorder = new Recorder(sdk);
        BreakingBody body = new BreakingBody(random(3 * PART, 7), 2L * PART + 100, () -> { });
        recorder.body = body;
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> PartedPutBlobStore.over(recorder, PART).putBlob(unknownLength("broken"), body));
        assertEquals("the body of parted/broken broke off: connection reset", e.getMessage());
        assertEquals(List.of((long) PART, (long) PART), recorder.lengths); // two parts were uploaded, then aborted
        assertEquals(1, recorder.aborted);
        assertEquals(1, recorder.uploadsBeforeAbort); // the listing does show an upload in progress
        assertFalse(sdk.blobExists(BUCKET, "broken"));
        assertEquals(List.of(), sdk.listMultipartUploads(BUCKET));
    }

    @Test
    void aBodyOfKnownLengthPassesThroughAsOnePut() throws Exception {
        byte[] data = random(PART + 10, 3);
        Recorder recorder = new Recorder(sdk);
        PartedPutBlobStore.over(recorder, PART).putBlob(PutObjectRequest.builder().bucket(BUCKET).key("known")
                .contentLength((long) data.length).build(), new ByteArrayInputStream(data));
        assertArrayEquals(data, read("known"));
        assertEquals(List.of((long) data.length), recorder.lengths);
        assertEquals(0, recorder.completed);
    }

    @Test
    void badSettingsAreOneLineErrors() {
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
                () -> PartedPutBlobStore.over(sdk, 1 << 20));
        assertEquals("part size 1048576 is below the backend's minimum of 5242880 bytes; use at least that",
                small.getMessage());
        IllegalArgumentException md5 = assertThrows(IllegalArgumentException.class,
                () -> PartedPutBlobStore.over(sdk, PART).putBlob(unknownLength("md5").toBuilder()
                        .contentMD5("1B2M2Y8AsgTpgAmY7PhCfg==").build(), InputStream.nullInputStream()));
        assertEquals("a Content-MD5 needs the Content-Length of parted/md5: send both or neither", md5.getMessage());
        assertFalse(sdk.blobExists(BUCKET, "md5"));
    }

    @Test
    void manyConcurrentLongUploadsUnderASmallBudgetRoundTripWithoutEverHoldingMoreThanIt() throws Exception {
        int uploads = 8;
        // room for every upload's first small buffer and for two full parts, not three: the third to grow waits
        long limit = 2L * PART + uploads * (64 << 10);
        PartBudget budget = PartBudget.of(limit, Duration.ofMinutes(2));
        UploadJournal journal = new UploadJournal(sdk, "journal-concurrent");
        PartedPutBlobStore store = PartedPutBlobStore.over(sdk, PART, budget, journal);
        ExecutorService pool = Executors.newFixedThreadPool(uploads);
        try {
            List<Future<?>> done = new ArrayList<>();
            List<byte[]> bodies = new ArrayList<>();
            for (int i = 0; i < uploads; i++) {
                byte[] data = random(2 * PART + 1000 * i + 1, 100 + i);
                bodies.add(data);
                String key = "concurrent-" + i;
                // each body holds back its rest until an upload has had to wait for room: so the budget is
                // shown to bind (were it ignored, all would grow at once and no body would go on)
                InputStream body = new GatedBody(data, 128 << 10, () -> budget.waits() > 0);
                done.add(pool.submit(() -> store.putBlob(unknownLength(key), body)));
            }
            for (Future<?> f : done) {
                f.get(5, TimeUnit.MINUTES);
            }
            for (int i = 0; i < uploads; i++) {
                assertArrayEquals(bodies.get(i), read("concurrent-" + i), "concurrent-" + i);
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(budget.waits() > 0, "no upload ever waited for room");
        assertTrue(budget.mostHeld() <= limit, "part buffers held " + budget.mostHeld() + " bytes, over the budget of "
                + limit);
        assertTrue(budget.mostHeld() >= 2L * PART, "never were two full parts held at once: " + budget.mostHeld());
        assertEquals(0, budget.held(), "every buffer gave its bytes back");
        assertEquals(List.of(), sdk.listMultipartUploads(BUCKET));
        // each upload was journaled while open and forgotten when completed
        assertTrue(sdk.containerExists("journal-concurrent"));
        assertEquals(List.of(), sdk.list("journal-concurrent").contents());
    }

    @Test
    void anUploadFindingNoRoomInTimeIsRefusedWithSlowDownAndLeavesNothing() throws Exception {
        PartBudget budget = PartBudget.of(PART, Duration.ofMillis(200)); // one part: the smallest budget allowed
        PartedPutBlobStore store = PartedPutBlobStore.over(sdk, PART, budget, null);
        byte[] first = random(PART + 7, 21);
        AtomicBoolean letGo = new AtomicBoolean();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<?> holder = pool.submit(() -> store.putBlob(unknownLength("holder"),
                    new GatedBody(first, 128 << 10, letGo::get)));
            await(() -> budget.held() == PART, "the first upload holds the whole budget");

            S3Exception refused = assertThrows(S3Exception.class, () -> store.putBlob(unknownLength("refused"),
                    new ByteArrayInputStream(random(PART + 1, 22))));
            assertEquals(503, refused.statusCode());
            assertEquals("SlowDown", refused.awsErrorDetails().errorCode());
            assertEquals("the worker's part buffers are full (" + PART + " bytes held by uploads in flight) and"
                    + " parted/refused waited 200 ms for room; retry", refused.awsErrorDetails().errorMessage());
            assertFalse(sdk.blobExists(BUCKET, "refused"));

            letGo.set(true);
            holder.get(2, TimeUnit.MINUTES);
            assertArrayEquals(first, read("holder"));
        } finally {
            letGo.set(true);
            pool.shutdownNow();
        }
        assertEquals(0, budget.held());
        assertEquals(List.of(), sdk.listMultipartUploads(BUCKET));
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
                () -> PartedPutBlobStore.over(sdk, PART, PartBudget.of(PART - 1, Duration.ZERO), null));
        assertEquals("part buffer budget of 5242879 bytes is below one part of 5242880 bytes; give it at least that",
                small.getMessage());
    }

    static void await(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting until " + what);
            Thread.sleep(10);
        }
    }

    /** A body that serves its first {@code gateAt} bytes, then the rest only once {@code open} holds. */
    static final class GatedBody extends InputStream {
        private final byte[] data;
        private final int gateAt;
        private final java.util.function.BooleanSupplier open;
        private int served;

        GatedBody(byte[] data, int gateAt, java.util.function.BooleanSupplier open) {
            this.data = data;
            this.gateAt = gateAt;
            this.open = open;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (served == data.length) {
                return -1;
            }
            if (served >= gateAt) {
                try {
                    await(open, "the gate of a body opens");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted at the gate", e);
                }
            }
            int n = Math.min(Math.min(len, 64 << 10), (served < gateAt ? Math.min(gateAt, data.length) : data.length) - served);
            System.arraycopy(data, served, b, off, n);
            served += n;
            return n;
        }
    }

    /** Records what the layer hands the backend, and how far it had read ahead of it at each hand-over. */
    static final class Recorder extends ForwardingBlobStore {
        final List<Long> lengths = new ArrayList<>();
        BreakingBody body;
        long handedOver;
        long mostAhead;
        int completed;
        int aborted;
        int uploadsBeforeAbort;

        Recorder(BlobStore backend) {
            super(backend);
        }

        private void handOver(long length) {
            mostAhead = Math.max(mostAhead, body == null ? 0 : body.served() - handedOver);
            handedOver += length;
            lengths.add(length);
        }

        @Override
        public software.amazon.awssdk.services.s3.model.PutObjectResponse putBlob(PutObjectRequest request,
                                                                                   InputStream payload) {
            handOver(request.contentLength());
            return super.putBlob(request, payload);
        }

        @Override
        public UploadPartResponse uploadMultipartPart(MultipartUpload mpu, UploadPartRequest request,
                                                      InputStream payload) {
            handOver(request.contentLength());
            return super.uploadMultipartPart(mpu, request, payload);
        }

        @Override
        public software.amazon.awssdk.services.s3.model.CompleteMultipartUploadResponse completeMultipartUpload(
                MultipartUpload mpu, software.amazon.awssdk.services.s3.model.CompleteMultipartUploadRequest request) {
            completed++;
            return super.completeMultipartUpload(mpu, request);
        }

        @Override
        public void abortMultipartUpload(MultipartUpload mpu) {
            aborted++;
            uploadsBeforeAbort = delegate().listMultipartUploads(mpu.containerName()).size();
            super.abortMultipartUpload(mpu);
        }
    }
}
