package io.xtremehub.nexus.bench;

import io.xtremehub.nexus.Backend;
import io.xtremehub.nexus.NexusServer;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * PUT/GET throughput of S3Proxy alone vs Nexus (no-op, gzip, zstd) on the same filesystem backend,
 * in one run, plus compression ratio and 1 MiB range-GET latency inside a 100 MiB object. Writes
 * CSV. Not a test: run it with
 * {@code mvn -pl nexus/nexus-server exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.xtremehub.nexus.bench.NexusBenchmark -Dexec.args="out.csv [sizesMB] [clients]"}.
 */
public final class NexusBenchmark {
    private static final String ID = "bench";
    private static final String SECRET = "bench-secret";

    private NexusBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path csv = Path.of(args.length > 0 ? args[0] : "nexus-benchmark.csv");
        int[] sizesMb = parse(args.length > 1 ? args[1] : "1,10,100");
        int[] clients = parse(args.length > 2 ? args[2] : "1,4,16");
        long bytesPerCell = 256L << 20;
        Path root = Files.createTempDirectory("nexus-bench");
        byte[] payload = logLike(100 << 20);
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(csv, StandardCharsets.UTF_8))) {
            out.println("target,object_mb,clients,put_mb_s,get_mb_s,ops");
            for (String target : List.of("s3proxy", "nexus-noop", "nexus-gzip", "nexus-zstd")) {
                try (Endpoint e = Endpoint.start(target, root.resolve(target))) {
                    for (int size : sizesMb) {
                        for (int c : clients) {
                            int ops = (int) Math.max(c, Math.min(64, bytesPerCell / ((long) size << 20)));
                            double[] r = run(e.uri, size << 20, c, ops, payload);
                            out.printf("%s,%d,%d,%.1f,%.1f,%d%n", target, size, c, r[0], r[1], ops);
                            out.flush();
                            System.out.printf("%-11s %4d MB x%-2d  PUT %8.1f MB/s  GET %8.1f MB/s%n", target, size, c,
                                    r[0], r[1]);
                        }
                    }
                    if (!target.equals("nexus-noop")) {
                        rangeLatency(e.uri, target, payload, root.resolve(target), out);
                    }
                }
            }
        }
        System.out.println("wrote " + csv.toAbsolutePath());
    }

    private static int[] parse(String s) {
        return java.util.Arrays.stream(s.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    static byte[] logLike(int size) {
        Random r = new Random(1);
        StringBuilder sb = new StringBuilder(size + 200);
        while (sb.length() < size) {
            sb.append("2025-01-01 12:").append(r.nextInt(60)).append(" INFO segment-").append(r.nextInt(1000))
                    .append(" offset=").append(r.nextLong() & 0xffffff).append(" event accepted\n");
        }
        return sb.substring(0, size).getBytes(StandardCharsets.ISO_8859_1);
    }

    static S3Client client(URI uri) {
        return S3Client.builder().endpointOverride(uri).region(Region.US_EAST_1).forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ID, SECRET))).build();
    }

    /** Returns {put MB/s, get MB/s}. */
    static double[] run(URI uri, int size, int clients, int ops, byte[] payload) throws Exception {
        byte[] body = java.util.Arrays.copyOf(payload, size);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try (S3Client s3 = client(uri)) {
            long t0 = System.nanoTime();
            List<Future<?>> fs = new ArrayList<>();
            for (int i = 0; i < ops; i++) {
                String key = "o-" + size + "-" + i;
                fs.add(pool.submit(() -> s3.putObject(b -> b.bucket("bench").key(key), RequestBody.fromBytes(body))));
            }
            for (Future<?> f : fs) {
                f.get();
            }
            long t1 = System.nanoTime();
            fs.clear();
            for (int i = 0; i < ops; i++) {
                String key = "o-" + size + "-" + i;
                fs.add(pool.submit(() -> s3.getObjectAsBytes(b -> b.bucket("bench").key(key)).asByteArray().length));
            }
            for (Future<?> f : fs) {
                f.get();
            }
            long t2 = System.nanoTime();
            double mb = (double) ops * size / (1 << 20);
            return new double[] {mb / ((t1 - t0) / 1e9), mb / ((t2 - t1) / 1e9)};
        } finally {
            pool.shutdownNow();
        }
    }

    static void rangeLatency(URI uri, String target, byte[] payload, Path dir, PrintWriter out) throws Exception {
        try (S3Client s3 = client(uri)) {
            s3.putObject(b -> b.bucket("bench").key("range-100mb"), RequestBody.fromBytes(payload));
            long stored;
            try (var files = Files.walk(dir)) {
                stored = files.filter(p -> p.getFileName().toString().equals("range-100mb")).findFirst()
                        .map(p -> p.toFile().length()).orElse(-1L);
            }
            Random r = new Random(2);
            long total = 0;
            int n = 20;
            for (int i = 0; i < n; i++) {
                long first = (long) r.nextInt(payload.length - (1 << 20));
                String range = "bytes=" + first + "-" + (first + (1 << 20) - 1);
                long t = System.nanoTime();
                s3.getObjectAsBytes(b -> b.bucket("bench").key("range-100mb").range(range));
                total += System.nanoTime() - t;
            }
            String line = String.format("# %s: compression ratio %.2f, mean 1MiB range GET in 100MiB object %.2f ms",
                    target, (double) payload.length / stored, total / 1e6 / n);
            out.println(line);
            System.out.println(line);
        }
    }

    /** A running S3 endpoint under test. */
    static final class Endpoint implements AutoCloseable {
        final URI uri;
        private final AutoCloseable closer;

        Endpoint(URI uri, AutoCloseable closer) {
            this.uri = uri;
            this.closer = closer;
        }

        static Endpoint start(String target, Path dir) throws Exception {
            Files.createDirectories(dir);
            Endpoint e;
            if (target.equals("s3proxy")) {
                S3Proxy proxy = S3Proxy.builder().blobStore(new FilesystemNio2BlobStore(dir.toString()))
                        .endpoint(URI.create("http://127.0.0.1:0"))
                        .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ID, SECRET).build();
                proxy.start();
                e = new Endpoint(URI.create("http://127.0.0.1:" + proxy.getPort()), proxy::stop);
            } else {
                NexusServer nexus = NexusServer.builder().backend(Backend.filesystem(dir)).credentials(ID, SECRET)
                        .workDir(dir.resolveSibling(target + "-work")).adminPort(-1).build().start();
                String streamlet = target.substring("nexus-".length());
                nexus.definePolicy(new Policy("bench", 0, SystemType.GENERIC, "bench", "**",
                        List.of(new StreamletRef(streamlet, Map.of())), List.of()));
                e = new Endpoint(nexus.endpoint(), nexus);
            }
            try (S3Client s3 = client(e.uri)) {
                s3.createBucket(b -> b.bucket("bench"));
            }
            return e;
        }

        @Override
        public void close() throws Exception {
            closer.close();
        }
    }
}
