package io.xtremehub.nexus.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Latency of 1 MiB ranged GETs at random offsets inside one large object, by one client, on every
 * target in the same run: each target stores the same object and gets unmeasured reads first; then
 * every sample reads the same random range from each target back to back (rotating order), so all
 * targets see the same background load and the ratio to the baseline is paired. The first range
 * read is compared with the payload so a wrong answer cannot pass as a fast one.
 */
final class RangeLatency {
    static final int RANGE = 1 << 20;
    // enough for C2 to compile each target's range path (only this measurement exercises it)
    private static final int WARMUP = 200;
    private static final String KEY = "range/object";

    /**
     * What one target measured.
     *
     * @param storedBytes bytes the backend holds for the object
     * @param medianMs median latency
     * @param p95Ms 95th percentile latency
     * @param medianRatio median over samples of this target's latency divided by the baseline's
     */
    record Result(long storedBytes, double medianMs, double p95Ms, double medianRatio) {
    }

    private RangeLatency() {
    }

    /** Measures every target; the first is the baseline of the ratios. */
    static Map<String, Result> measure(List<BenchTarget> targets, byte[] payload, int samples) throws Exception {
        Random random = new Random(42);
        byte[] buffer = new byte[256 << 10];
        long[] stored = new long[targets.size()];
        for (int t = 0; t < targets.size(); t++) {
            BenchTarget target = targets.get(t);
            BenchClients.put(target.client, target.bucket, KEY, payload, payload.length);
            stored[t] = target.storedBytes(KEY);
            for (int i = 0; i < WARMUP; i++) {
                BenchClients.get(target.client, target.bucket, KEY, range(random.nextInt(payload.length - RANGE)), buffer);
            }
            int checkAt = random.nextInt(payload.length - RANGE);
            byte[] got = BenchClients.getBytes(target.client, target.bucket, KEY, range(checkAt));
            if (!Arrays.equals(got, Arrays.copyOfRange(payload, checkAt, checkAt + RANGE))) {
                throw new IllegalStateException(target.name + " returned wrong bytes for " + range(checkAt));
            }
        }
        double[][] ms = new double[targets.size()][samples];
        double[][] ratio = new double[targets.size()][samples];
        for (int i = 0; i < samples; i++) {
            String range = range(random.nextInt(payload.length - RANGE));
            for (int k = 0; k < targets.size(); k++) {
                int t = (k + i) % targets.size();
                BenchTarget target = targets.get(t);
                ms[t][i] = BenchClients.timedGet(target, KEY, range, buffer, RANGE);
            }
            for (int t = 0; t < targets.size(); t++) {
                ratio[t][i] = ms[t][i] / ms[0][i];
            }
        }
        Map<String, Result> results = new LinkedHashMap<>();
        for (int t = 0; t < targets.size(); t++) {
            String bucket = targets.get(t).bucket;
            targets.get(t).client.deleteObject(b -> b.bucket(bucket).key(KEY));
            Arrays.sort(ms[t]);
            Arrays.sort(ratio[t]);
            results.put(targets.get(t).name, new Result(stored[t], percentile(ms[t], 0.5), percentile(ms[t], 0.95),
                    percentile(ratio[t], 0.5)));
        }
        return results;
    }

    private static String range(int first) {
        return "bytes=" + first + "-" + (first + RANGE - 1);
    }

    static double percentile(double[] sorted, double p) {
        int index = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
