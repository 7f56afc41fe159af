package io.xtremehub.omb.runner;

import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/** Reads OMB's percentiles out of a histogram of microseconds. */
record LatencySummary(double avg, long p50, long p75, long p95, long p99, long p999, long p9999, long max) {

    static LatencySummary of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencySummary(h.getMean(), h.getValueAtPercentile(50), h.getValueAtPercentile(75),
                h.getValueAtPercentile(95), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
                h.getValueAtPercentile(99.99), h.getMaxValue());
    }

    /** Percentile to value, at the histogram's own percentile ticks. */
    static Map<Double, Long> quantiles(Histogram h) {
        Map<Double, Long> q = new TreeMap<>();
        if (h.getTotalCount() == 0) {
            return q;
        }
        for (HistogramIterationValue v : h.percentiles(5)) {
            q.put(v.getPercentileLevelIteratedTo(), v.getValueIteratedTo());
        }
        return q;
    }

    static double millis(long micros) {
        return micros / 1000.0;
    }
}
