package io.xtremehub.faastream.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WorkerThreadsTest {

    /**
     * Listing while workers start (a test waiting for a relaunched worker does this) must not lose
     * one: a started worker stays listed until its thread ends.
     */
    @Test
    void aWorkerStartedWhileTheListIsReadStaysListed() throws Exception {
        WorkerThreads threads = new WorkerThreads();
        CountDownLatch end = new CountDownLatch(1);
        AtomicBoolean listing = new AtomicBoolean(true);
        Thread lister = new Thread(() -> {
            while (listing.get()) {
                threads.running();
            }
        });
        lister.start();
        List<String> started = new ArrayList<>();
        try {
            for (int i = 0; i < 500; i++) {
                String id = String.format("w%03d", i);
                threads.start(id, () -> awaitQuietly(end));
                started.add(id);
            }
        } finally {
            listing.set(false);
            lister.join();
        }
        try {
            List<String> running = threads.running();
            List<String> missing = started.stream().filter(id -> !running.contains(id)).toList();
            assertEquals(List.of(), missing, "started workers, still running, missing from the list");
            assertEquals(started, running);
        } finally {
            end.countDown();
        }
    }

    @Test
    void anInterruptedWorkerEndsAndIsNoLongerListed() throws Exception {
        WorkerThreads threads = new WorkerThreads();
        CountDownLatch never = new CountDownLatch(1);
        Thread t = threads.start("w1", () -> awaitQuietly(never));
        assertEquals(List.of("w1"), threads.running());
        assertTrue(threads.interrupt("w1"));
        t.join(TimeUnit.SECONDS.toMillis(10));
        assertFalse(t.isAlive(), "the interrupted worker ended");
        assertEquals(List.of(), threads.running());
        assertFalse(threads.interrupt("w1"), "an ended worker cannot be interrupted");
        assertFalse(threads.interrupt("unknown"));
    }

    @Test
    void workersAreListedByIdOnThreadsNamedAfterThem() throws Exception {
        WorkerThreads threads = new WorkerThreads();
        CountDownLatch end = new CountDownLatch(1);
        List<Thread> started = IntStream.of(2, 0, 1)
                .mapToObj(i -> threads.start("job-s0w" + i + "-0", () -> awaitQuietly(end))).toList();
        try {
            assertEquals(List.of("job-s0w0-0", "job-s0w1-0", "job-s0w2-0"), threads.running());
            assertEquals("faastream-worker-job-s0w2-0", started.get(0).getName());
            assertTrue(started.get(0).isDaemon(), "worker threads do not keep the JVM up");
        } finally {
            end.countDown();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
