package io.xtremehub.benchmarks.faastream;

import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.platform.ThreadPlatform;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * FaaStream macro-benchmarks (reference 6.4.3) against same-run baselines: S3 objects on the
 * embedded S3 endpoint (Lithops-over-S3) and Redis lists on a real redis-server
 * (Lithops-over-Redis). Writes CSV under {@code benchmarks/results/}.
 *
 * <pre>java ... FaaStreamBenchmark [--quick] [--out benchmarks/results]</pre>
 */
public final class FaaStreamBenchmark {
    private FaaStreamBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = Arrays.asList(args).contains("--quick");
        int outIdx = Arrays.asList(args).indexOf("--out");
        Path out = Path.of(outIdx >= 0 ? args[outIdx + 1] : "benchmarks/results");
        Files.createDirectories(out);
        Path data = Files.createTempDirectory("faastream-bench");
        int redisPort = freePort();
        Process redis = new ProcessBuilder("redis-server", "--port", String.valueOf(redisPort), "--save", "",
                "--appendonly", "no").redirectErrorStream(true).redirectOutput(data.resolve("redis.log").toFile()).start();
        Runtime.getRuntime().addShutdownHook(new Thread(redis::destroy));
        try (StandaloneCluster cluster = StandaloneCluster.start(ClusterConfig.ephemeral(data.resolve("cluster")))) {
            var cfg = cluster.config();
            ObjectStoreConfig store = ObjectStoreConfig.of(cluster.s3Endpoint(), cfg.ltsRegion(), cfg.ltsAccessKey(),
                    cfg.ltsSecretKey());
            S3Client s3 = S3Client.builder().endpointOverride(URI.create(cluster.s3Endpoint()))
                    .region(Region.of(cfg.ltsRegion())).forcePathStyle(true)
                    .credentialsProvider(StaticCredentialsProvider.create(
                            AwsBasicCredentials.create(cfg.ltsAccessKey(), cfg.ltsSecretKey()))).build();
            try (Manager manager = Manager.builder().controllerUri(cluster.controllerUri()).objectStore(store)
                    .platform(new ThreadPlatform()).build();
                 FaaStreamTransport faastream = new FaaStreamTransport(manager, cluster.controllerUri(),
                         StandaloneCluster.DEFAULT_SCOPE);
                 RedisTransport redisT = new RedisTransport(redisPort);
                 S3Transport s3T = new S3Transport(s3, "bench-" + System.currentTimeMillis())) {
                List<Transports> all = List.of(faastream, s3T, redisT);
                latency(all, quick, out.resolve("faastream-latency.csv"));
                chains(all, quick, out.resolve("faastream-chain.csv"));
                batch(all, quick, out.resolve("faastream-batch.csv"));
            }
        } finally {
            redis.destroy();
        }
        System.exit(0);
    }

    private static void latency(List<Transports> all, boolean quick, Path csv) throws Exception {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv))) {
            w.println("system,event_bytes,rate_per_s,events,p50_ms,p95_ms,p99_ms");
            for (int size : new int[] {1024, 100 * 1024, 1024 * 1024}) {
                for (int rate : new int[] {1, 100}) {
                    int events = rate == 1 ? (quick ? 8 : 60) : (quick ? 200 : 2000);
                    for (Transports t : all) {
                        double[] lat = runChain(t, 2, size, rate, events);
                        row(w, t.name(), size, rate, events, lat);
                    }
                }
            }
        }
    }

    private static void chains(List<Transports> all, boolean quick, Path csv) throws Exception {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv))) {
            w.println("system,chain_length,events,p50_ms,p95_ms,p99_ms");
            int[] lengths = quick ? new int[] {1, 10} : new int[] {1, 10, 100};
            for (int len : lengths) {
                for (Transports t : all) {
                    double[] lat = runChain(t, len, 1024, 1, quick ? 6 : 30);
                    String line = String.format("%s,%d,%d,%.2f,%.2f,%.2f", t.name(), len, lat.length,
                            pct(lat, 50), pct(lat, 95), pct(lat, 99));
                    w.println(line);
                    w.flush();
                    System.out.println("chain " + line);
                }
            }
        }
    }

    private static void batch(List<Transports> all, boolean quick, Path csv) throws Exception {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv))) {
            w.println("system,event_bytes,workers,events,seconds,mb_per_s");
            long volume = quick ? 8L << 20 : 64L << 20;
            for (int size : new int[] {1024, 100 * 1024, 1024 * 1024}) {
                batchRow(all, w, size, 1, volume);
            }
            for (int workers : quick ? new int[] {1, 2, 4} : new int[] {1, 2, 4, 8}) {
                batchRow(all, w, 1024, workers, volume);
            }
        }
    }

    private static void batchRow(List<Transports> all, PrintWriter w, int size, int workers, long volume) throws Exception {
        for (Transports t : all) {
            // object passing is slow for small events; cap its count and report its rate
            long max = t instanceof S3Transport ? Math.min(volume / size, 2_000) : volume / size;
            List<byte[]> events = new ArrayList<>();
            for (long i = 0; i < max; i++) {
                events.add(Timestamped.event(size));
            }
            double s = t.batch(events, workers);
            String line = String.format("%s,%d,%d,%d,%.3f,%.2f", t.name(), size, workers, events.size(), s,
                    events.size() * (double) size / (1 << 20) / s);
            w.println(line);
            w.flush();
            System.out.println("batch " + line);
        }
    }

    private static double[] runChain(Transports t, int length, int size, int rate, int events) throws Exception {
        double[] lat = new double[events];
        try (Transports.Chain c = t.chain(length, size)) {
            // warm-up: the first event pays for connections and class loading
            c.send(Timestamped.event(size));
            if (c.receive(120_000) == null) {
                throw new IllegalStateException(t.name() + ": chain of " + length + " produced nothing");
            }
            long interval = 1_000_000_000L / rate;
            java.util.concurrent.atomic.AtomicReference<Exception> failed = new java.util.concurrent.atomic.AtomicReference<>();
            Thread receiver = new Thread(() -> {
                try {
                    for (int i = 0; i < events; i++) {
                        byte[] r = c.receive(120_000);
                        if (r == null) {
                            throw new IllegalStateException(t.name() + ": lost events after " + i);
                        }
                        lat[i] = Timestamped.latencyMillis(r);
                    }
                } catch (Exception e) {
                    failed.set(e);
                }
            });
            receiver.start();
            long next = System.nanoTime();
            for (int i = 0; i < events; i++) {
                for (long d; (d = next - System.nanoTime()) > 0; ) {
                    if (d > 2_000_000) {
                        java.util.concurrent.locks.LockSupport.parkNanos(d - 1_000_000);
                    } else {
                        Thread.onSpinWait();
                    }
                }
                c.send(Timestamped.event(size));
                next += interval;
            }
            receiver.join();
            if (failed.get() != null) {
                throw failed.get();
            }
        }
        return lat;
    }

    private static void row(PrintWriter w, String system, int size, int rate, int events, double[] lat) {
        String line = String.format("%s,%d,%d,%d,%.2f,%.2f,%.2f", system, size, rate, events, pct(lat, 50),
                pct(lat, 95), pct(lat, 99));
        w.println(line);
        w.flush();
        System.out.println("latency " + line);
    }

    static double pct(double[] values, double p) {
        double[] s = values.clone();
        Arrays.sort(s);
        int idx = (int) Math.ceil(p / 100.0 * s.length) - 1;
        return s[Math.max(0, Math.min(s.length - 1, idx))];
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
