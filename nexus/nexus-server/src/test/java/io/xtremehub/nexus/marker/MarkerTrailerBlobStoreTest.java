package io.xtremehub.nexus.marker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.Backend;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** Objects whose marker trails their bytes, read back through the layer from a real (in-memory) backend. */
class MarkerTrailerBlobStoreTest {
    private BlobStore backend;
    private MarkerTrailerBlobStore store;

    @BeforeEach
    void backend() {
        backend = Backend.transientStore().create();
        backend.createContainer("b");
        store = MarkerTrailerBlobStore.over(backend);
    }

    private ObjectMarker put(String key, byte[] data, int steps) {
        List<ObjectMarker.Step> list = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            list.add(new ObjectMarker.Step(i, "zstd@builtin", 1_000_000L + i));
        }
        String writeId = ObjectMarker.newWriteId();
        ObjectMarker marker = new ObjectMarker("p", 2, "fp", 12_345, "0123abcd", list, null, Map.of(), writeId);
        store.putBlob(PutObjectRequest.builder().bucket("b").key(key)
                        .metadata(MarkerTrailer.pendingMetadata(Map.of("user", "v"), writeId)).build(),
                MarkerTrailer.append(new ByteArrayInputStream(data), () -> marker));
        return marker;
    }

    private byte[] get(String key, String range) throws IOException {
        try (ResponseInputStream<GetObjectResponse> in = store.getBlob(GetObjectRequest.builder().bucket("b").key(key)
                .range(range).build())) {
            return in.readAllBytes();
        }
    }

    @Test
    void headAndGetShowTheBytesAndTheMarkerAsIfItWereInTheMetadata() throws IOException {
        byte[] data = new byte[100_000];
        new Random(1).nextBytes(data);
        ObjectMarker marker = put("k", data, 2);

        var head = store.blobMetadata(HeadObjectRequest.builder().bucket("b").key("k").build());
        assertEquals(data.length, head.contentLength());
        assertEquals(marker, ObjectMarker.from(head.metadata()).orElseThrow());
        assertEquals("v", head.metadata().get("user"));
        assertTrue(backend.blobMetadata(HeadObjectRequest.builder().bucket("b").key("k").build()).contentLength()
                > data.length); // the trailer is stored after the bytes
        try (ResponseInputStream<GetObjectResponse> in = store.getBlob(GetObjectRequest.builder().bucket("b").key("k")
                .build())) {
            assertEquals(marker, ObjectMarker.from(in.response().metadata()).orElseThrow());
            assertEquals(data.length, in.response().contentLength());
            assertArrayEquals(data, in.readAllBytes());
        }
        assertArrayEquals(Arrays.copyOfRange(data, 10, 21), get("k", "bytes=10-20"));
        assertArrayEquals(Arrays.copyOfRange(data, data.length - 300, data.length), get("k", "bytes=-300"));
        assertArrayEquals(Arrays.copyOfRange(data, 99_000, data.length), get("k", "bytes=99000-"));
        // a range reaching into the trailer ends with the bytes, one starting there is not satisfiable
        assertArrayEquals(Arrays.copyOfRange(data, 99_990, data.length), get("k", "bytes=99990-100050"));
        S3Exception e = assertThrows(S3Exception.class, () -> get("k", "bytes=100000-100010"));
        assertEquals(416, e.statusCode());
    }

    @Test
    void aTrailerIsFetchedOncePerVersionAndNotAtAllByTheWorkerThatWroteIt() throws IOException {
        java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        BlobStore counted = new org.gaul.s3proxy.blobstore.ForwardingBlobStore(backend) {
            @Override
            public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
                reads.incrementAndGet();
                return super.getBlob(request);
            }
        };
        store = MarkerTrailerBlobStore.over(counted);
        ObjectMarker marker = put("w", new byte[5000], 1);
        HeadObjectRequest head = HeadObjectRequest.builder().bucket("b").key("w").build();
        assertEquals(marker, ObjectMarker.from(store.blobMetadata(head).metadata()).orElseThrow());
        assertEquals(0, reads.get(), "the writer remembers the trailer it wrote");

        MarkerTrailerBlobStore other = MarkerTrailerBlobStore.over(counted); // another worker on the backend
        assertEquals(5000, other.blobMetadata(head).contentLength());
        assertEquals(1, reads.get());
        assertEquals(marker, ObjectMarker.from(other.blobMetadata(head).metadata()).orElseThrow());
        assertEquals(1, reads.get(), "read once per stored version");
    }

    @Test
    void aTrailerLongerThanOneTailReadIsReadWhole() throws IOException {
        byte[] data = "short".getBytes();
        ObjectMarker marker = put("long", data, 400); // its text is far beyond 4 KiB
        assertEquals(marker, ObjectMarker.from(store.blobMetadata(HeadObjectRequest.builder().bucket("b").key("long")
                .build()).metadata()).orElseThrow());
        assertArrayEquals(data, get("long", null));
    }

    @Test
    void anObjectWithoutATrailerPassesThroughAndOneClaimingATruncatedOneIsAnError() throws IOException {
        backend.putBlob(PutObjectRequest.builder().bucket("b").key("plain").build(),
                new ByteArrayInputStream("plain bytes".getBytes()));
        assertArrayEquals("plain bytes".getBytes(), get("plain", null));
        backend.putBlob(PutObjectRequest.builder().bucket("b").key("cut")
                        .metadata(MarkerTrailer.pendingMetadata(Map.of(), "w")).build(),
                new ByteArrayInputStream("no trailer here at all".getBytes()));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> store.blobMetadata(HeadObjectRequest.builder().bucket("b").key("cut").build()));
        assertTrue(e.getMessage().contains("ends without one"), e.getMessage());
    }
}
