package io.xtremehub.benchmarks.chaintrace;

import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The times (System.nanoTime) at which each event of one run passed each step of a chain, by the
 * event's sequence number in the run (0-based) and the step's index; 0 where it has not (yet).
 * Every step is written by one thread and read after the run, so plain arrays with a volatile
 * publish of the sink's mark are enough.
 */
final class MarkTable {
    private final List<String> steps;
    private final long[][] marks;
    /** Highest sequence number marked at the sink so far (the sampler reads it while the run goes on). */
    private volatile long lastAtSink = -1;
    /** When each event was handed to the source writer, for the sampler (step 0 is marked after the ack). */
    private final AtomicLongArray sent;

    MarkTable(List<String> steps, int events) {
        this.steps = List.copyOf(steps);
        this.marks = new long[events][steps.size()];
        this.sent = new AtomicLongArray(events);
    }

    List<String> steps() {
        return steps;
    }

    int events() {
        return marks.length;
    }

    /** Records the step's time for the event; sequence numbers outside the run (warm-up) are ignored. */
    void mark(long seq, int step, long nanos) {
        if (seq >= 0 && seq < marks.length) {
            marks[(int) seq][step] = nanos;
        }
    }

    /** The last step: the event reached the sink. */
    void markSink(long seq, long nanos) {
        mark(seq, steps.size() - 1, nanos);
        if (seq > lastAtSink) {
            lastAtSink = seq;
        }
    }

    void markSent(long seq, long nanos) {
        if (seq >= 0 && seq < marks.length) {
            sent.set((int) seq, nanos);
        }
    }

    /** When the event was handed to the source writer, or 0 if not yet. */
    long sentAt(long seq) {
        return seq >= 0 && seq < marks.length ? sent.get((int) seq) : 0;
    }

    long lastAtSink() {
        return lastAtSink;
    }

    long at(int seq, int step) {
        return marks[seq][step];
    }

    /** Milliseconds from one step to another for every event that passed both; NaN where one is missing. */
    double[] millis(int from, int to) {
        double[] out = new double[marks.length];
        for (int i = 0; i < marks.length; i++) {
            long a = marks[i][from];
            long b = marks[i][to];
            out[i] = a == 0 || b == 0 ? Double.NaN : (b - a) / 1e6;
        }
        return out;
    }

    /**
     * The step whose mark is the last one at or before the time, in path order (the event was on its
     * way from that step to the next), or -1 before the first.
     */
    int stepBefore(int seq, long nanos, int[] path) {
        int found = -1;
        for (int step : path) {
            long m = marks[seq][step];
            if (m != 0 && m <= nanos) {
                found = step;
            }
        }
        return found;
    }
}
