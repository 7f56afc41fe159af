package io.xtremehub.nexus.backend;

import io.xtremehub.nexus.pipeline.Errors;
import java.time.Duration;
import java.util.Objects;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The memory one worker lets its part buffers hold, all uploads together: a buffer reserves bytes
 * here before it grows and gives them back when its upload ends. An upload that would go beyond the
 * budget waits for another to give bytes back, for at most {@code wait}; then it is refused with 503
 * SlowDown, which S3 clients retry (nothing of it was stored or acknowledged).
 */
public final class PartBudget {
    private final long limit;
    private final Duration wait;
    private long held;
    private long mostHeld;
    private long waits;

    private PartBudget(long limit, Duration wait) {
        this.limit = limit;
        this.wait = wait;
    }

    /**
     * A budget of {@code limit} bytes, waited for at most {@code wait}.
     *
     * @throws IllegalArgumentException if the limit is not positive or the wait negative
     */
    public static PartBudget of(long limit, Duration wait) {
        if (limit < 1) {
            throw new IllegalArgumentException("part buffer budget must be at least 1 byte, not " + limit);
        }
        if (Objects.requireNonNull(wait, "wait").isNegative()) {
            throw new IllegalArgumentException("part buffer wait must not be negative, not " + wait);
        }
        return new PartBudget(limit, wait);
    }

    /** No limit at all (one-off clients and tests that look at parts, not at memory). */
    public static PartBudget unlimited() {
        return new PartBudget(Long.MAX_VALUE, Duration.ZERO);
    }

    /**
     * Takes {@code bytes} from the budget, waiting for them if others hold too much.
     *
     * @param what the object being uploaded, for the error
     * @throws S3Exception 503 SlowDown if they did not come free in time
     * @throws IllegalArgumentException if more is asked than the whole budget
     */
    void reserve(long bytes, String what) {
        if (bytes > limit) {
            throw new IllegalArgumentException("a part buffer of " + bytes + " bytes does not fit the worker's part"
                    + " buffer budget of " + limit + " bytes: raise the budget to at least the part size");
        }
        long deadline = System.nanoTime() + wait.toNanos();
        boolean counted = false;
        synchronized (this) {
            while (held + bytes > limit) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw full(what);
                }
                if (!counted) {
                    waits++;
                    counted = true;
                }
                try {
                    wait(Math.max(1, left / 1_000_000), 0);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw full(what);
                }
            }
            held += bytes;
            mostHeld = Math.max(mostHeld, held);
        }
    }

    /** Gives back bytes a buffer no longer holds, waking the uploads waiting for them. */
    synchronized void release(long bytes) {
        held -= bytes;
        notifyAll();
    }

    private S3Exception full(String what) {
        return Errors.retryable("the worker's part buffers are full (" + limit + " bytes held by uploads in flight) and "
                + what + " waited " + wait.toMillis() + " ms for room");
    }

    /** The budget in bytes. */
    public long limit() {
        return limit;
    }

    /** Bytes part buffers hold now. */
    public synchronized long held() {
        return held;
    }

    /** The most bytes part buffers held at once so far. */
    public synchronized long mostHeld() {
        return mostHeld;
    }

    /** How many reservations had to wait for room (whether they got it or not). */
    public synchronized long waits() {
        return waits;
    }
}
