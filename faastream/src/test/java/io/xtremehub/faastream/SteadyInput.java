package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertFalse;

import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;

/**
 * Writes 1..events into a stream at about 50 a second from a background thread. Optionally it pauses
 * after the first half until {@link #writeSecondHalf}, so a job cannot finish before the test has
 * interrupted it, however slow the machine.
 */
final class SteadyInput implements AutoCloseable {
    private final Thread thread;
    private final CountDownLatch secondHalf = new CountDownLatch(1);
    private volatile Throwable error;
    private volatile boolean stop;

    SteadyInput(TestCluster tc, String stream, int events, boolean pauseAtHalf) {
        if (!pauseAtHalf) {
            secondHalf.countDown();
        }
        thread = new Thread(() -> {
            try {
                for (int next = 1; next <= events && !stop; next += 10) {
                    if (next > events / 2) {
                        secondHalf.await();
                    }
                    tc.events().writeStrings(stream, IntStream.range(next, Math.min(next + 10, events + 1))
                            .mapToObj(Integer::toString).toList());
                    Thread.sleep(200);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Throwable t) {
                error = t;
            }
        }, "steady-input");
        thread.setDaemon(true);
        thread.start();
    }

    void writeSecondHalf() {
        secondHalf.countDown();
    }

    void assertFinished() throws InterruptedException {
        thread.join(Duration.ofMinutes(2).toMillis());
        assertFalse(thread.isAlive(), "the input writer did not finish");
        if (error != null) {
            throw new AssertionError("writing the input failed", error);
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        secondHalf.countDown();
        thread.join(10_000);
    }
}
