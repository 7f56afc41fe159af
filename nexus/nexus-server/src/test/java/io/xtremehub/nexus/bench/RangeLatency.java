package io.xtremehub.nexus.bench;

import java.util.Arrays;
import java.util.Random;

/**
 * Latency of 1 MiB ranged GETs at random offsets inside one large object on a target, by one
 * client, after a few unmeasured reads; every target reads the same offsets. The first range read
 * is compared with the payload so a wrong answer cannot pass as a fast one.
 */
final class RangeLatency {
    static final int RANGE = 1 << 20;
    // enough for C2 to compile each target's range path (only this measurement exercises it)
    private static final int WARMUP = 200;

    /**
     * What one target measured.
     *
     * @param storedBytes bytes the backend holds for the object
     * @param medianMs median latency
     * @param p95Ms 95th percentile latency
     */
    record Result(long storedBytes, double medianMs, double p95Ms) {
    }

    private RangeLatency() {
    }

    static Result measure(BenchTarget target, byte[] payload, int samples) throws Exception {
        String key = "range/object";
        BenchClients.put(target.client, key, payload, payload.length);
        long stored = target.storedBytes(key);
        Random random = new Random(42);
        byte[] buffer = new byte[256 << 10];
        for (int i = 0; i < WARMUP; i++) {
            BenchClients.get(target.client, key, range(random.nextInt(payload.length - RANGE)), buffer);
        }
        int checkAt = random.nextInt(payload.length - RANGE);
        byte[] got = BenchClients.getBytes(target.client, key, range(checkAt));
        if (!Arrays.equals(got, Arrays.copyOfRange(payload, checkAt, checkAt + RANGE))) {
            throw new IllegalStateException(target.name + " returned wrong bytes for " + range(checkAt));
        }
        double[] ms = new double[samples];
        for (int i = 0; i < samples; i++) {
            String range = range(random.nextInt(payload.length - RANGE));
            long t = System.nanoTime();
            long n = BenchClients.get(target.client, key, range, buffer);
            ms[i] = (System.nanoTime() - t) / 1e6;
            if (n != RANGE) {
                throw new IllegalStateException(target.name + " returned " + n + " bytes for " + range);
            }
        }
        target.client.deleteObject(b -> b.bucket(BenchTarget.BUCKET).key(key));
        Arrays.sort(ms);
        return new Result(stored, percentile(ms, 0.5), percentile(ms, 0.95));
    }

    private static String range(int first) {
        return "bytes=" + first + "-" + (first + RANGE - 1);
    }

    static double percentile(double[] sorted, double p) {
        int index = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
