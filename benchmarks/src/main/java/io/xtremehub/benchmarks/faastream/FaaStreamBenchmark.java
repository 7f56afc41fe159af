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
 * <pre>java ... FaaStreamBenchmark [--quick] [--out benchmarks/results] [--only latency,chain,batch]
 *     [--sizes 1024,...] [--lengths 1,10,100] [--systems faastream,pravega-raw,s3-objects,redis-lists]
 *     [--prefix faastream-]</pre>
 * The quick run writes {@code faastream-quick-*.csv}, the full run {@code faastream-*.csv}. A focused
 * latency run (e.g. FaaStream against its bare-Pravega floor only) names its systems, chain lengths
 * and file prefix, so it does not overwrite the full run's files.
 */
public final class FaaStreamBenchmark {
    /** Event sizes of the latency experiment ({@code --sizes} narrows it for a focused run). */
    private static int[] SIZES = {1024, 100 * 1024, 1024 * 1024};
    /** Chain lengths of the chain experiment ({@code --lengths}); null: the run's default. */
    private static int[] LENGTHS;

    private FaaStreamBenchmark() {
    }

    /** A mistyped option would otherwise start the whole 25-minute run with the defaults. */
    private static void checkOptions(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (VALUED.contains(args[i]) && i + 1 < args.length) {
                i++;
            } else if (!args[i].equals("--quick")) {
                throw new IllegalArgumentException("FaaStreamBenchmark: unknown option or missing value at '" + args[i]
                        + "' (options: --quick " + String.join(" V, ", VALUED) + " V)");
            }
        }
    }

    /** Options that take a value; {@code --quick} is the only flag. */
    private static final List<String> VALUED = List.of("--out", "--only", "--prefix", "--lengths", "--systems", "--sizes");

    public static void main(String[] args) throws Exception {
        checkOptions(args);
        boolean quick = Arrays.asList(args).contains("--quick");
        int outIdx = Arrays.asList(args).indexOf("--out");
        Path out = Path.of(outIdx >= 0 ? args[outIdx + 1] : "benchmarks/results");
        int onlyIdx = Arrays.asList(args).indexOf("--only");
        List<String> only = Arrays.asList((onlyIdx >= 0 ? args[onlyIdx + 1] : "latency,chain,batch").split(","));
        Files.createDirectories(out);
        String prefix = quick ? "faastream-quick-" : "faastream-";
        int prefixIdx = Arrays.asList(args).indexOf("--prefix");
        if (prefixIdx >= 0) {
            prefix = args[prefixIdx + 1];
        }
        int lengthsIdx = Arrays.asList(args).indexOf("--lengths");
        if (lengthsIdx >= 0) {
            LENGTHS = Arrays.stream(args[lengthsIdx + 1].split(",")).mapToInt(Integer::parseInt).toArray();
        }
        int systemsIdx = Arrays.asList(args).indexOf("--systems");
        List<String> systems = systemsIdx >= 0 ? Arrays.asList(args[systemsIdx + 1].split(",")) : null;
        int sizesIdx = Arrays.asList(args).indexOf("--sizes");
        if (sizesIdx >= 0) {
            SIZES = Arrays.stream(args[sizesIdx + 1].split(",")).mapToInt(Integer::parseInt).toArray();
        }
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
                 S3Transport s3T = new S3Transport(s3, "bench-" + System.currentTimeMillis());
                 PravegaTransport raw = new PravegaTransport(cluster.controllerUri(), StandaloneCluster.DEFAULT_SCOPE)) {
                List<Transports> all = selected(List.of(faastream, s3T, redisT), systems);
                // the bare-Pravega floor only where latency is measured
                List<Transports> withFloor = selected(List.of(faastream, raw, s3T, redisT), systems);
                if (only.contains("latency")) {
                    latency(withFloor, quick, out.resolve(prefix + "latency.csv"));
                }
                if (only.contains("chain")) {
                    chains(withFloor, quick, out.resolve(prefix + "chain.csv"));
                }
                if (only.contains("batch")) {
                    batch(all, quick, out.resolve(prefix + "batch.csv"));
                }
            }
        } finally {
            redis.destroy();
        }
        System.exit(0);
    }

    /** Rate-driven chain run: latencies of the events and the send rate actually achieved. */
    record Run(double[] latencies, double achievedRate) {
    }

    private static void latency(List<Transports> all, boolean quick, Path csv) throws Exception {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv))) {
            w.println("system,event_bytes,rate_per_s,events,achieved_rate_per_s,p50_ms,p95_ms,p99_ms");
            for (int size : SIZES) {
                for (int rate : new int[] {1, 100}) {
                    int events = rate == 1 ? (quick ? 8 : 40)
                            : size >= 1 << 20 ? (quick ? 100 : 500) : (quick ? 200 : 1000);
                    for (Transports t : all) {
                        String prefix = String.format("%s,%d,%d,%d", t.name(), size, rate, events);
                        cell(w, "latency", prefix, () -> {
                            Run r = runChain(t, 2, size, rate, events);
                            return String.format("%.1f,%s", r.achievedRate(), percentiles(r.latencies()));
                        }, 4);
                    }
                }
            }
        }
    }

    private static void chains(List<Transports> all, boolean quick, Path csv) throws Exception {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv))) {
            w.println("system,chain_length,events,p50_ms,p95_ms,p99_ms");
            int[] lengths = LENGTHS != null ? LENGTHS : quick ? new int[] {1, 10} : new int[] {1, 10, 100};
            int events = quick ? 6 : 20;
            for (int len : lengths) {
                for (Transports t : all) {
                    cell(w, "chain", String.format("%s,%d,%d", t.name(), len, events),
                            () -> percentiles(runChain(t, len, 1024, 1, events).latencies()), 3);
                }
            }
        }
    }

    private static void batch(List<Transports> all, boolean quick, Path csv) throws Exception {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv))) {
            // seconds: from submitting the job to every output written; processing_s: first to last event
            // through the function (FaaStream without job start-up; the baselines have none)
            w.println("system,event_bytes,workers,events,seconds,events_per_s,mb_per_s,processing_s,"
                    + "processing_events_per_s,processing_mb_per_s");
            long volume = quick ? 16L << 20 : 64L << 20;
            for (int size : new int[] {1024, 100 * 1024, 1024 * 1024}) {
                batchRow(all, w, size, 1, volume, quick);
            }
            for (int workers : new int[] {2, 4, 8}) {
                batchRow(all, w, 1024, workers, volume, quick);
            }
        }
    }

    private static void batchRow(List<Transports> all, PrintWriter w, int size, int workers, long volume,
                                 boolean quick) throws Exception {
        for (Transports t : all) {
            // object passing takes a PUT and a GET per event: cap its count (the rate is what counts)
            long max = t instanceof S3Transport ? Math.min(volume / size, quick ? 500 : 2_000) : volume / size;
            List<byte[]> events = new ArrayList<>();
            for (long i = 0; i < max; i++) {
                events.add(Timestamped.event(size));
            }
            cell(w, "batch", String.format("%s,%d,%d,%d", t.name(), size, workers, events.size()), () -> {
                Timestamped.resetSpan();
                double s = t.batch(events, workers);
                double span = Timestamped.spanSeconds();
                double mb = events.size() * (double) size / (1 << 20);
                return String.format("%.3f,%.1f,%.2f,%.3f,%.1f,%.2f", s, events.size() / s, mb / s, span,
                        events.size() / span, mb / span);
            }, 6);
        }
    }

    interface Cell {
        String measure() throws Exception;
    }

    /** One CSV row; a cell that fails is recorded as failed (with why) and the run goes on. */
    private static void cell(PrintWriter w, String experiment, String prefix, Cell cell, int columns) {
        String result;
        try {
            result = cell.measure();
        } catch (Exception | Error e) {
            System.out.println(experiment + " " + prefix + " FAILED: " + e);
            result = String.join(",", java.util.Collections.nCopies(columns, "NaN"));
        }
        String line = prefix + "," + result;
        w.println(line);
        w.flush();
        System.out.println(experiment + " " + line);
    }

    private static String percentiles(double[] lat) {
        return String.format("%.2f,%.2f,%.2f", pct(lat, 50), pct(lat, 95), pct(lat, 99));
    }

    private static Run runChain(Transports t, int length, int size, int rate, int events) throws Exception {
        double[] lat = new double[events];
        try (Transports.Chain c = t.chain(length, size)) {
            // warm-up: the first events pay for connections, class loading and reader assignment
            for (int i = 0; i < 3; i++) {
                c.send(Timestamped.event(size));
                if (c.receive(180_000) == null) {
                    throw new IllegalStateException(t.name() + ": chain of " + length + " produced nothing");
                }
            }
            long interval = 1_000_000_000L / rate;
            java.util.concurrent.atomic.AtomicReference<Exception> failed = new java.util.concurrent.atomic.AtomicReference<>();
            Thread receiver = new Thread(() -> {
                try {
                    for (int i = 0; i < events; i++) {
                        byte[] r = c.receive(180_000);
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
            long start = System.nanoTime();
            long next = start;
            long lastSend = start;
            for (int i = 0; i < events; i++) {
                for (long d; (d = next - System.nanoTime()) > 0; ) {
                    if (d > 2_000_000) {
                        java.util.concurrent.locks.LockSupport.parkNanos(d - 1_000_000);
                    } else {
                        Thread.onSpinWait();
                    }
                }
                // stamped when handed to the transport: a sender that falls behind shows in the achieved rate
                lastSend = System.nanoTime();
                c.send(Timestamped.event(size));
                next += interval;
            }
            double achieved = events > 1 ? (events - 1) / ((lastSend - start) / 1e9) : rate;
            receiver.join();
            if (failed.get() != null) {
                throw failed.get();
            }
            return new Run(lat, Math.min(achieved, rate));
        }
    }

    static double pct(double[] values, double p) {
        double[] s = values.clone();
        Arrays.sort(s);
        int idx = (int) Math.ceil(p / 100.0 * s.length) - 1;
        return s[Math.max(0, Math.min(s.length - 1, idx))];
    }

    private static List<Transports> selected(List<Transports> transports, List<String> names) {
        return names == null ? transports : transports.stream().filter(t -> names.contains(t.name())).toList();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
