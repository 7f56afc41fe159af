package io.xtremehub.nexus.swarm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URI;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * A worker's mesh server at its connection limit: a sender's request is answered busy, which both
 * mesh clients (the JDK HttpClient and the blocking connections) turn into S3's retryable SlowDown.
 */
class MeshServerLimitTest {
    private static final String SECRET = "limit-test-secret";

    @Test
    void aWorkerAtItsLimitIsASlowDownForTheSender() throws Exception {
        CountDownLatch checking = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService holder = Executors.newSingleThreadExecutor();
        try (MeshServer server = new MeshServer("127.0.0.1", 0, SECRET, 1)) {
            server.start(new HoldingTarget(checking, release));
            Member worker = new Member("w-1", URI.create("http://127.0.0.1:" + server.port()));
            MeshMessages.HopHeader hop = new MeshMessages.HopHeader("p", 1, 0, "edge", null);
            // one sender's version check holds the worker's only mesh thread
            Future<?> held = holder.submit(() -> new MeshClient(SECRET).checkVersion(worker, hop));
            assertTrue(checking.await(30, TimeUnit.SECONDS), "the first check reached the worker");

            MeshClient other = new MeshClient(SECRET);
            S3Exception check = assertThrows(S3Exception.class, () -> other.checkVersion(worker, hop));
            assertBusy(check);
            S3Exception read = assertThrows(S3Exception.class, () -> other.stored(worker,
                    GetObjectRequest.builder().bucket("b").key("k").build()));
            assertBusy(read);

            release.countDown();
            held.get(30, TimeUnit.SECONDS); // the held check completes normally
        } finally {
            release.countDown();
            holder.shutdownNow();
        }
    }

    private static void assertBusy(S3Exception e) {
        assertEquals(503, e.statusCode());
        assertEquals("SlowDown", e.awsErrorDetails().errorCode());
        assertTrue(e.getMessage().contains("worker w-1 is busy")
                && e.getMessage().contains("serving its maximum of 1 connections"), e.getMessage());
    }

    /** Holds version checks until released; nothing else is asked of it. */
    private record HoldingTarget(CountDownLatch checking, CountDownLatch release) implements MeshServer.Target {
        @Override
        public void checkVersion(MeshMessages.HopHeader hop) {
            checking.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public PutObjectResponse put(PutObjectRequest request, InputStream body) {
            throw new UnsupportedOperationException("not sent by this test");
        }

        @Override
        public ResponseInputStream<GetObjectResponse> get(GetObjectRequest request) {
            throw new UnsupportedOperationException("not sent by this test");
        }

        @Override
        public PutObjectResponse hop(PutObjectRequest request, MeshMessages.HopHeader hop, HopFrames.Unframing body) {
            throw new UnsupportedOperationException("not sent by this test");
        }

        @Override
        public ResponseInputStream<GetObjectResponse> stored(GetObjectRequest request) {
            throw new UnsupportedOperationException("not sent by this test");
        }

        @Override
        public HeadObjectResponse storedHead(GetObjectRequest request) {
            throw new UnsupportedOperationException("not sent by this test");
        }

        @Override
        public void storedDelete(GetObjectRequest request) {
            throw new UnsupportedOperationException("not sent by this test");
        }
    }
}
