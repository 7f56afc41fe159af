package io.xtremehub.omb.result;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A Markdown table of a command's runs, one row per (workload, driver), so systems measured in the
 * same run sit side by side: mean publish and consume rates over the samples, the best 10-second
 * consume rate (what a backlog drain, a historical read, reaches), and the aggregated latencies.
 */
public final class ResultSummary {
    public static final String FILE_NAME = "summary.md";
    private static final String HEADER = """
            | workload | driver | publish msg/s | publish MB/s | consume msg/s | peak consume MB/s \
            | publish ms p50 / p99 | end-to-end ms p50 / p99 |
            |---|---|---|---|---|---|---|---|
            """;

    private ResultSummary() {
    }

    public static String markdown(List<TestResult> results) {
        StringBuilder table = new StringBuilder(HEADER);
        for (TestResult r : results) {
            double mb = r.messageSize / 1e6;
            double peakConsume = r.consumeRate.stream().mapToDouble(Double::doubleValue).max().orElse(0);
            table.append(String.format(Locale.ROOT, "| %s | %s | %,.0f | %.1f | %,.0f | %.1f | %.1f / %.1f | %.1f / %.1f |%n",
                    r.workload, r.driver, mean(r.publishRate), mean(r.publishRate) * mb, mean(r.consumeRate),
                    peakConsume * mb, r.aggregatedPublishLatency50pct, r.aggregatedPublishLatency99pct,
                    r.aggregatedEndToEndLatency50pct, r.aggregatedEndToEndLatency99pct));
        }
        return table.toString();
    }

    /** Writes the table to {@code summary.md} in {@code dir}, replacing an older one. */
    public static Path write(List<TestResult> results, Path dir) throws IOException {
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve(FILE_NAME), markdown(results));
    }

    private static double mean(List<Double> samples) {
        return samples.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }
}
