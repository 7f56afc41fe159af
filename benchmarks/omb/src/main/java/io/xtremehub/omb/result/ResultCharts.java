package io.xtremehub.omb.result;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

/**
 * PNG charts of the results of one workload, one series per driver, like OMB's charts: latency
 * quantiles on a log axis of 1/(1-q) (so 99 %, 99.9 %... are evenly spaced) and rates per sample.
 */
public final class ResultCharts {
    private ResultCharts() {
    }

    /** Writes the charts for {@code results} (all of one workload) into {@code dir}; returns the files. */
    public static List<Path> write(List<TestResult> results, Path dir) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Files.createDirectories(dir);
        String workload = results.get(0).workload.replaceAll("[/\\\\:*?\"<>|\\s]", "_");
        List<Path> files = new ArrayList<>();
        files.add(quantiles(results, dir.resolve(workload + "-publish-latency.png"), "Publish latency quantiles",
                r -> r.aggregatedPublishLatencyQuantiles));
        files.add(quantiles(results, dir.resolve(workload + "-end-to-end-latency.png"), "End-to-end latency quantiles",
                r -> r.aggregatedEndToEndLatencyQuantiles));
        files.add(rates(results, dir.resolve(workload + "-publish-rate.png"), "Publish rate", r -> r.publishRate));
        files.add(rates(results, dir.resolve(workload + "-consume-rate.png"), "Consume rate", r -> r.consumeRate));
        return files;
    }

    private static Path quantiles(List<TestResult> results, Path file, String title,
            Function<TestResult, Map<Double, Double>> series) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(600).title(title + " - " + results.get(0).workload)
                .xAxisTitle("percentile, as 1/(1-q): 10 = p90, 100 = p99, 1000 = p99.9").yAxisTitle("latency (ms)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        for (TestResult r : results) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            series.apply(r).forEach((q, v) -> {
                if (q < 100.0) {
                    x.add(100.0 / (100.0 - q));
                    y.add(Math.max(v, 0.001));
                }
            });
            if (!x.isEmpty()) {
                chart.addSeries(r.driver, x, y);
            }
        }
        return save(chart, file);
    }

    private static Path rates(List<TestResult> results, Path file, String title,
            Function<TestResult, List<Double>> series) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(600).title(title + " - " + results.get(0).workload)
                .xAxisTitle("time (s)").yAxisTitle("messages/s").build();
        for (TestResult r : results) {
            List<Double> y = series.apply(r);
            if (y.isEmpty()) {
                continue;
            }
            List<Double> x = new ArrayList<>();
            for (int i = 0; i < y.size(); i++) {
                x.add((i + 1) * 10.0);
            }
            chart.addSeries(r.driver, x, y);
        }
        return save(chart, file);
    }

    private static Path save(XYChart chart, Path file) throws IOException {
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }
}
