package io.xtremehub.benchmarks.autoscaler;

import java.util.Arrays;

/** End-to-end lags in milliseconds: all of them for the run's percentile, and per one-second slot. */
final class LatencyRecorder {
    private long[] all = new long[1 << 16];
    private int size;
    private long[] slot = new long[1 << 12];
    private int slotSize;

    synchronized void record(long millis) {
        if (size == all.length) {
            all = Arrays.copyOf(all, size * 2);
        }
        all[size++] = millis;
        if (slotSize == slot.length) {
            slot = Arrays.copyOf(slot, slotSize * 2);
        }
        slot[slotSize++] = millis;
    }

    synchronized void reset() {
        size = 0;
        slotSize = 0;
    }

    /** The p95 of the lags recorded since the last call, NaN if none. */
    synchronized double takeSlotP95() {
        double p = percentile(slot, slotSize, 0.95);
        slotSize = 0;
        return p;
    }

    synchronized double p95() {
        return percentile(all, size, 0.95);
    }

    private static double percentile(long[] values, int n, double q) {
        if (n == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(values, n);
        Arrays.sort(sorted);
        return sorted[Math.min(n - 1, (int) Math.ceil(q * n) - 1)];
    }
}
