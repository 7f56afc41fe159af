package io.xtremehub.benchmarks;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.ByteBufferSerializer;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Measures the embedded cluster: cold start time (fresh data dir), warm restart time
 * (same data dir) and the throughput of one writer of 1 KB events, flushed at the end.
 * Writes {@code benchmarks/results/standalone.csv}.
 *
 * <p>Usage: {@code StandaloneBenchmark [runs=3] [events=200000]}
 */
public final class StandaloneBenchmark {
    private static final int EVENT_BYTES = 1024;

    private StandaloneBenchmark() {
    }

    public static void main(String[] args) {
        try {
            run(args);
            System.exit(0);
        } catch (Throwable t) { // embedded components leave non-daemon threads: never hang on failure
            t.printStackTrace();
            System.exit(1);
        }
    }

    private static void run(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int events = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        List<String> rows = new ArrayList<>();
        rows.add("run,cold_start_ms,restart_ms,events,event_bytes,write_seconds,events_per_s,mb_per_s");
        for (int run = 1; run <= runs; run++) {
            Path dir = Files.createTempDirectory("xtremehub-bench");
            ClusterConfig config = ClusterConfig.ephemeral(dir);
            long coldMillis;
            double seconds;
            try (StandaloneCluster cluster = StandaloneCluster.start(config)) {
                coldMillis = cluster.startTime().toMillis();
                seconds = writeOneKbEvents(cluster, events);
            }
            long restartMillis;
            try (StandaloneCluster again = StandaloneCluster.start(config)) {
                restartMillis = again.startTime().toMillis();
            }
            String row = String.format("%d,%d,%d,%d,%d,%.2f,%.0f,%.1f", run, coldMillis, restartMillis, events,
                    EVENT_BYTES, seconds, events / seconds, events * (double) EVENT_BYTES / seconds / 1e6);
            System.out.println(row);
            rows.add(row);
            deleteTree(dir);
        }
        Path out = Path.of(System.getProperty("xtremehub.results.dir", "benchmarks/results"), "standalone.csv");
        Files.createDirectories(out.getParent());
        Files.write(out, rows);
        System.out.println("wrote " + out.toAbsolutePath());
    }

    private static double writeOneKbEvents(StandaloneCluster cluster, int events) {
        String scope = StandaloneCluster.DEFAULT_SCOPE;
        try (StreamManager streams = StreamManager.create(cluster.controllerUri())) {
            streams.createStream(scope, "bench", StreamConfiguration.builder()
                    .scalingPolicy(ScalingPolicy.fixed(1)).build());
        }
        byte[] payload = new byte[EVENT_BYTES];
        new Random(7).nextBytes(payload);
        ClientConfig client = ClientConfig.builder().controllerURI(cluster.controllerUri()).build();
        try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(scope, client);
             EventStreamWriter<ByteBuffer> writer = clients.createEventWriter("bench", new ByteBufferSerializer(),
                     EventWriterConfig.builder().build())) {
            for (int i = 0; i < 5_000; i++) { // warm-up: connections, JIT
                writer.writeEvent("k", ByteBuffer.wrap(payload));
            }
            writer.flush();
            long start = System.nanoTime();
            for (int i = 0; i < events; i++) {
                writer.writeEvent("k" + (i & 63), ByteBuffer.wrap(payload));
            }
            writer.flush();
            return (System.nanoTime() - start) / 1e9;
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
