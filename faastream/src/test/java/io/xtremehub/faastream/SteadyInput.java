package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertFalse;

import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;

/**
 * Writes 1..events into a stream, ten at a time, at a steady rate (about 50 a second unless told)
 * from a background thread. Optionally it pauses after the first half until {@link #writeSecondHalf},
 * so a job cannot finish before the test has interrupted it, however slow the machine.
 */
final class SteadyInput implements AutoCloseable {
    private final Thread thread;
    private final CountDownLatch secondHalf = new CountDownLatch(1);
    private volatile Throwable error;
    private volatile boolean stop;
    /** The values 1..written are acknowledged by Pravega. */
    private volatile int written;

    SteadyInput(TestCluster tc, String stream, int events, boolean pauseAtHalf) {
        this(tc, stream, events, pauseAtHalf, 50);
    }

    SteadyInput(TestCluster tc, String stream, int events, boolean pauseAtHalf, int perSecond) {
        long pauseMillis = 10_000L / perSecond;
        if (!pauseAtHalf) {
            secondHalf.countDown();
        }
        thread = new Thread(() -> {
            try {
                long due = System.currentTimeMillis();
                for (int next = 1; next <= events && !stop; next += 10) {
                    if (next > events / 2 && secondHalf.getCount() > 0) {
                        secondHalf.await();
                        due = System.currentTimeMillis(); // no burst after the pause
                    }
                    int end = Math.min(next + 10, events + 1);
                    tc.events().writeStrings(stream, IntStream.range(next, end).mapToObj(Integer::toString).toList());
                    written = end - 1;
                    // on schedule: the time a write takes does not slow the rate down
                    due += pauseMillis;
                    Thread.sleep(Math.max(0, due - System.currentTimeMillis()));
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

    /** How many values (1..n) are written and acknowledged so far; final once {@link #close} returned. */
    int written() {
        return written;
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
