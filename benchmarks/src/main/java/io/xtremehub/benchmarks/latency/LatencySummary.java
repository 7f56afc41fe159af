package io.xtremehub.benchmarks.latency;

import java.util.Arrays;

/**
 * Percentiles of one cell of the budget (one layer at one rate), by nearest rank: the p-th
 * percentile is the smallest sample that at least p% of the samples do not exceed, so every
 * figure reported is a latency that was actually observed.
 */
record LatencySummary(int count, double p50, double p95, double p99, double max) {

    static LatencySummary of(double[] millis) {
        if (millis.length == 0) {
            throw new IllegalArgumentException("no samples: the layer measured nothing at this rate");
        }
        double[] sorted = millis.clone();
        Arrays.sort(sorted);
        return new LatencySummary(sorted.length, rank(sorted, 50), rank(sorted, 95), rank(sorted, 99),
                sorted[sorted.length - 1]);
    }

    private static double rank(double[] sorted, double percent) {
        int rank = (int) Math.ceil(percent / 100 * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }
}
