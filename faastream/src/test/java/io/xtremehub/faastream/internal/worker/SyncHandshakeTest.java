package io.xtremehub.faastream.internal.worker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SyncHandshakeTest {
    private static final Duration LONG = Duration.ofSeconds(30);

    /** Runs {@code await(request)} on a thread of its own, as the reader thread does. */
    private static CompletableFuture<Boolean> awaitOnOtherThread(SyncHandshake sync, SyncHandshake.Request request) {
        CompletableFuture<Boolean> result = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                result.complete(sync.await(request));
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        t.setDaemon(true);
        t.start();
        return result;
    }

    @Test
    void theReaderGoesOnOnceTheProcessingThreadAnswersItsRequest() throws Exception {
        SyncHandshake sync = new SyncHandshake();
        SyncHandshake.Request request = sync.request(7, "cp-1");
        CompletableFuture<Boolean> reader = awaitOnOtherThread(sync, request);

        SyncHandshake.Request seen = sync.pending();
        assertEquals(request, seen);
        assertEquals(7, seen.upTo());
        assertEquals("cp-1", seen.checkpointName());
        sync.answer(seen);

        assertTrue(reader.get(LONG.toSeconds(), TimeUnit.SECONDS));
        assertNull(sync.pending());
    }

    @Test
    void anAnswerToAnEarlierRequestDoesNotReleaseALaterOne() throws Exception {
        SyncHandshake sync = new SyncHandshake();
        SyncHandshake.Request first = sync.request(3, null);
        sync.answer(first);
        SyncHandshake.Request second = sync.request(5, null);
        CompletableFuture<Boolean> reader = awaitOnOtherThread(sync, second);

        sync.answer(first); // a late, repeated answer
        assertEquals(second, sync.pending());
        assertFalse(reader.isDone());

        sync.answer(second);
        assertTrue(reader.get(LONG.toSeconds(), TimeUnit.SECONDS));
    }

    @Test
    void releasingWakesAWaitingReaderAndLaterWaitsDoNotBlock() throws Exception {
        SyncHandshake sync = new SyncHandshake();
        CompletableFuture<Boolean> reader = awaitOnOtherThread(sync, sync.request(1, null));

        sync.release();

        assertFalse(reader.get(LONG.toSeconds(), TimeUnit.SECONDS));
        assertFalse(sync.await(sync.request(2, null)));
    }

    @Test
    void anAnswerGivenBeforeTheReaderWaitsIsNotLost() throws Exception {
        SyncHandshake sync = new SyncHandshake();
        SyncHandshake.Request request = sync.request(1, null);
        sync.answer(sync.pending());
        await().atMost(LONG).until(() -> sync.await(request));
    }
}
