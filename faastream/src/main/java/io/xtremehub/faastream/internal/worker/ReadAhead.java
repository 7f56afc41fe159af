package io.xtremehub.faastream.internal.worker;

/**
 * How many events a reader-group worker may hold queued ahead of its processing thread: about
 * {@link #TARGET_MILLIS} ms of work at the worker's recent pace, never fewer than
 * {@link #MIN_EVENTS} nor more than the queue holds.
 *
 * <p>Why time and not a count: at a reader-group checkpoint the worker first processes everything
 * it read before it, and the group's next checkpoint begins only once every reader passed this one.
 * Pravega hands a sealed segment on to its successors only right after its reader's checkpoint, so
 * after a rescale a reader that already passed the current checkpoint waits for the slowest worker's
 * queue before its sealed segments move on. A full queue of 1,024 events of a 20 ms function (as in the
 * scaling benchmark's IO job) held checkpoints for 20 s in SourceRescaleDrainBenchmark; half a second
 * of work keeps a slow stage's checkpoints short and a fast stage's batches as large as before. The
 * system property {@value #PROPERTY} (milliseconds; 0 turns the limit off) changes it for the
 * workers of that JVM, for same-run comparisons.
 */
final class ReadAhead {
    static final String PROPERTY = "faastream.readAheadMillis";
    static final long TARGET_MILLIS = 500;
    /** Enough for the scaling policy to see a queue above its scale-up threshold (1.95 per worker). */
    static final int MIN_EVENTS = 4;
    /** Weight of the newest measurement in the running mean time per event. */
    private static final double WEIGHT = 0.05;

    private final int capacity;
    private final long targetNanos;
    /** Processing thread only. */
    private double nanosPerEvent = -1;
    private volatile int limit;

    ReadAhead(int capacity) {
        this(capacity, Long.getLong(PROPERTY, TARGET_MILLIS));
    }

    ReadAhead(int capacity, long targetMillis) {
        this.capacity = capacity;
        this.targetNanos = targetMillis * 1_000_000L;
        this.limit = capacity;
    }

    /** Processing thread: {@code events} events just took {@code nanos} to process. */
    void processed(long events, long nanos) {
        if (events <= 0 || targetNanos <= 0) {
            return;
        }
        double each = (double) nanos / events;
        nanosPerEvent = nanosPerEvent < 0 ? each : nanosPerEvent + WEIGHT * (each - nanosPerEvent);
        long fit = nanosPerEvent <= 0 ? capacity : (long) (targetNanos / nanosPerEvent);
        limit = (int) Math.max(MIN_EVENTS, Math.min(capacity, fit));
    }

    /** Whether the reader should wait before reading more while {@code queued} events wait. */
    boolean full(int queued) {
        return queued >= limit;
    }

    /** The current limit, for tests and telemetry. */
    int limit() {
        return limit;
    }
}
