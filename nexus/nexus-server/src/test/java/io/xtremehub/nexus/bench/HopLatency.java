package io.xtremehub.nexus.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Per-request latency of one client's PUTs and GETs through the placements of {@link HopPipelines}
 * (one worker, 2 hops, 3 hops), paired: each sample PUTs the same object to every placement back to
 * back, in an order that rotates, then GETs them back the same way, so every placement sees the same
 * background load and the per-sample latency ratio to one worker is a paired measurement (with one
 * client, latency over one worker's is the inverse of the throughput ratio). Prints medians,
 * percentiles and ratios; a quick look at where a hop's time goes, not a report.
 *
 * <p>Arguments ({@code key=value}, optional): {@code sizeKiB} (1024), {@code samples} (200),
 * {@code warmUpRequests} (2000 small requests per placement), {@code work} (a temporary directory),
 * {@code firstStep} (the pipeline's first streamlet, {@code noop}; {@code zstd} stores transformed chunks).
 */
public final class HopLatency {
    private HopLatency() {
    }

    /** Runs it; see the class comment for the arguments. */
    public static void main(String[] args) throws Exception {
        Map<String, String> opt = NexusBenchmark.parse(args);
        int size = Integer.parseInt(opt.getOrDefault("sizeKiB", "1024")) << 10;
        int samples = Integer.parseInt(opt.getOrDefault("samples", "200"));
        int warmUp = Integer.parseInt(opt.getOrDefault("warmUpRequests", "2000"));
        Path work = opt.containsKey("work") ? Files.createDirectories(Path.of(opt.get("work")))
                : Files.createTempDirectory("hop-latency");
        byte[] payload = SyntheticLogs.generate(Math.max(size, 16 << 20), 1);
        String firstStep = opt.getOrDefault("firstStep", "noop");
        try (HopPipelines pipelines = HopPipelines.start(work, firstStep)) {
            List<BenchTarget> targets = pipelines.targets();
            for (BenchTarget t : targets) {
                PairedCells.warmUp(t, payload, warmUp);
            }
            String load = NexusBenchmark.loadAverage();
            System.out.println("measuring");
            System.out.flush();
            double[][] put = new double[targets.size()][samples];
            double[][] get = new double[targets.size()][samples];
            byte[] buffer = new byte[256 << 10];
            for (int i = 0; i < samples; i++) {
                String key = "lat/o-" + i;
                for (int k = 0; k < targets.size(); k++) {
                    int t = (k + i) % targets.size();
                    BenchTarget target = targets.get(t);
                    long start = System.nanoTime();
                    BenchClients.put(target.client, target.bucket, key, payload, size);
                    put[t][i] = (System.nanoTime() - start) / 1e6;
                }
                for (int k = 0; k < targets.size(); k++) {
                    int t = (k + i + 1) % targets.size();
                    BenchTarget target = targets.get(t);
                    get[t][i] = BenchClients.timedGet(target, key, null, buffer, size);
                    target.client.deleteObject(b -> b.bucket(target.bucket).key(key));
                }
            }
            System.out.printf("%d KiB, one client, %d paired samples, first step %s; load average at start %s,"
                    + " at end %s%n", size >> 10, samples, firstStep, load, NexusBenchmark.loadAverage());
            print("PUT", targets, put);
            print("GET", targets, get);
        } finally {
            NexusBenchmark.deleteTree(work);
        }
    }

    private static void print(String phase, List<BenchTarget> targets, double[][] ms) {
        for (int t = 0; t < targets.size(); t++) {
            double[] ratio = new double[ms[t].length];
            for (int i = 0; i < ratio.length; i++) {
                ratio[i] = ms[0][i] / ms[t][i];
            }
            double[] sorted = ms[t].clone();
            Arrays.sort(sorted);
            Arrays.sort(ratio);
            System.out.printf("%s %-10s p10 %6.2f  p50 %6.2f  p90 %6.2f ms   one-worker/this p50 %3.0f%% (p25-p75 %3.0f-%3.0f%%)%n",
                    phase, targets.get(t).name, at(sorted, 0.1), at(sorted, 0.5), at(sorted, 0.9),
                    100 * at(ratio, 0.5), 100 * at(ratio, 0.25), 100 * at(ratio, 0.75));
        }
    }

    private static double at(double[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) (q * sorted.length))];
    }
}
