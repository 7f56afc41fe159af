package io.xtremehub.benchmarks.probe;

import java.util.Arrays;

/** Nearest-rank percentiles of a sample. */
public final class Percentiles {
    private Percentiles() {
    }

    /** The {@code p}-th percentile (0-100) of {@code values}, NaN for an empty sample. */
    public static double of(double[] values, double p) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
