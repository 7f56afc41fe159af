package io.xtremehub.flink.bench;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamCut;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.xtremehub.flink.sink.DeliveryGuarantee;
import io.xtremehub.flink.sink.PravegaSink;
import io.xtremehub.flink.source.PravegaSource;
import io.xtremehub.flink.source.StreamPosition;
import io.xtremehub.testkit.cluster.TestCluster;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.util.TestStreamEnvironment;

/**
 * Source and sink throughput, each against its baseline in the same run on the same embedded
 * cluster: the Flink source versus a plain Pravega reader group with as many reader threads,
 * and the exactly-once sink versus the at-least-once sink. Prints a table and writes CSV.
 *
 * <p>Run it in its own JVM from the repository root (exec:java's class loader breaks Flink's
 * job submission); the output lands in the module directory:
 *
 * <pre>
 * mvn -B -o -q -pl flink-connector test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
 *   -Dexec.args="-Xmx3g --add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED
 *   --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED
 *   --add-opens java.base/java.util=ALL-UNNAMED -cp %classpath io.xtremehub.flink.bench.FlinkConnectorBenchmark
 *   --events 1000000 --size 100 --parallelism 2 --runs 5 --out benchmark-results.csv"
 * </pre>
 */
public final class FlinkConnectorBenchmark {
    private final int events;
    private final int size;
    private final int parallelism;
    private final int runs;
    private final Path out;
    private TestCluster pravega;
    private MiniCluster flink;

    private FlinkConnectorBenchmark(String[] args) {
        int e = 200_000;
        int s = 100;
        int p = 2;
        int r = 3;
        Path o = Paths.get("benchmark-results.csv");
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--events" -> e = Integer.parseInt(args[i + 1]);
                case "--size" -> s = Integer.parseInt(args[i + 1]);
                case "--parallelism" -> p = Integer.parseInt(args[i + 1]);
                case "--runs" -> r = Integer.parseInt(args[i + 1]);
                case "--out" -> o = Paths.get(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + " (known: --events --size --parallelism --runs --out)");
            }
        }
        events = e;
        size = s;
        parallelism = p;
        runs = r;
        out = o;
    }

    public static void main(String[] args) throws Exception {
        new FlinkConnectorBenchmark(args).run();
        System.exit(0);
    }

    private record Result(String experiment, String variant, int run, long events, long millis) {
        double eventsPerSecond() {
            return events * 1000.0 / millis;
        }
    }

    private void run() throws Exception {
        Path dir = Files.createTempDirectory("flink-connector-bench");
        pravega = TestCluster.start();
        Configuration conf = new Configuration();
        conf.set(TaskManagerOptions.NUM_TASK_SLOTS, parallelism * 2);
        flink = new MiniCluster(new MiniClusterConfiguration.Builder().setConfiguration(conf)
                .setNumTaskManagers(1).setNumSlotsPerTaskManager(parallelism * 2).build());
        flink.start();
        List<Result> results = new ArrayList<>();
        try {
            String input = pravega.newStream("bench-in", parallelism * 2);
            fill(input);
            sourceOnce(input); // warm-up: class loading, JIT, connections
            readerGroupOnce(input);
            for (int run = 1; run <= runs; run++) {
                results.add(new Result("source", "pravega-reader-group", run, events, readerGroupOnce(input)));
                results.add(new Result("source", "flink-pravega-source", run, events, sourceOnce(input)));
                results.add(new Result("source", "flink-job-end-to-end", run, events, lastJobMillis));
            }
            sinkOnce(DeliveryGuarantee.AT_LEAST_ONCE); // warm-up
            for (int run = 1; run <= runs; run++) {
                results.add(new Result("sink", "at-least-once", run, events, sinkOnce(DeliveryGuarantee.AT_LEAST_ONCE)));
                results.add(new Result("sink", "exactly-once", run, events, sinkOnce(DeliveryGuarantee.EXACTLY_ONCE)));
            }
        } finally {
            flink.close();
            pravega.close();
        }
        report(results);
    }

    private void fill(String stream) {
        byte[] payload = new byte[size];
        Arrays.fill(payload, (byte) 'x');
        List<byte[]> batch = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            batch.add(payload);
            if (batch.size() == 10_000) {
                pravega.events().writeBytes(stream, batch, false);
                batch.clear();
            }
        }
        pravega.events().writeBytes(stream, batch, false);
    }

    /** Plain Pravega: one reader group, {@code parallelism} reader threads, head to tail. */
    private long readerGroupOnce(String stream) throws Exception {
        String group = "baseline-" + UUID.randomUUID();
        AtomicLong read = new AtomicLong();
        try (StreamManager streams = StreamManager.create(pravega.controllerUri());
             ReaderGroupManager groups = ReaderGroupManager.withScope(TestCluster.SCOPE,
                     pravega.clientConfig());
             EventStreamClientFactory clients = EventStreamClientFactory.withScope(TestCluster.SCOPE,
                     pravega.clientConfig())) {
            StreamCut tail = streams.fetchStreamInfo(TestCluster.SCOPE, stream).join().getTailStreamCut();
            groups.createReaderGroup(group, ReaderGroupConfig.builder()
                    .stream(Stream.of(TestCluster.SCOPE, stream), StreamCut.UNBOUNDED, tail)
                    .disableAutomaticCheckpoints().build());
            long start = System.nanoTime();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < parallelism; i++) {
                String id = "r" + i;
                Thread t = new Thread(() -> {
                    try (EventStreamReader<byte[]> reader = clients.createReader(id, group, new ByteArraySerializer(),
                            ReaderConfig.builder().disableTimeWindows(true).build())) {
                        while (read.get() < events) {
                            EventRead<byte[]> e = reader.readNextEvent(100);
                            if (e.getEvent() != null) {
                                read.incrementAndGet();
                            }
                        }
                    }
                });
                t.start();
                threads.add(t);
            }
            for (Thread t : threads) {
                t.join();
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            groups.deleteReaderGroup(group);
            return millis;
        }
    }

    /** The Flink source, bounded at the tail, into a discarding sink, with 1 s checkpoints. */
    private long sourceOnce(String stream) throws Exception {
        StreamExecutionEnvironment env = environment();
        PravegaSource<byte[]> source = PravegaSource.<byte[]>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, stream)
                .setDeserializer(new RawBytes())
                .setBounded(StreamPosition.latest())
                .build();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pravega").map(new Stamp())
                .sinkTo(new DiscardingSink<>());
        Stamp.reset();
        long start = System.nanoTime();
        env.execute("source benchmark");
        lastJobMillis = (System.nanoTime() - start) / 1_000_000;
        return Stamp.millis();
    }

    private long lastJobMillis;

    /** First to last record through the source, across subtasks: the job's start and end excluded. */
    static final class Stamp implements org.apache.flink.api.common.functions.MapFunction<byte[], byte[]> {
        static final java.util.concurrent.atomic.LongAccumulator FIRST =
                new java.util.concurrent.atomic.LongAccumulator(Math::min, Long.MAX_VALUE);
        static final java.util.concurrent.atomic.LongAccumulator LAST =
                new java.util.concurrent.atomic.LongAccumulator(Math::max, Long.MIN_VALUE);

        static void reset() {
            FIRST.reset();
            LAST.reset();
        }

        static long millis() {
            return Math.max(1, (LAST.get() - FIRST.get()) / 1_000_000);
        }

        @Override
        public byte[] map(byte[] value) {
            long now = System.nanoTime();
            FIRST.accumulate(now);
            LAST.accumulate(now);
            return value;
        }
    }

    /**
     * Generated records into a fresh stream through the sink, with 1 s checkpoints: the whole
     * bounded job, so both variants carry the same start-up cost.
     */
    private long sinkOnce(DeliveryGuarantee guarantee) throws Exception {
        String stream = pravega.newStream("bench-out", parallelism * 2);
        StreamExecutionEnvironment env = environment();
        String padding = "x".repeat(Math.max(0, size - 12));
        env.fromSequence(0, events - 1)
                .map(i -> String.format(Locale.ROOT, "%012d", i) + padding)
                .sinkTo(PravegaSink.<String>builder()
                        .setControllerUri(pravega.controllerUri())
                        .setStream(TestCluster.SCOPE, stream)
                        .setSerializer(new org.apache.flink.api.common.serialization.SimpleStringSchema())
                        .setDeliveryGuarantee(guarantee)
                        .build());
        long start = System.nanoTime();
        env.execute("sink benchmark " + guarantee);
        return (System.nanoTime() - start) / 1_000_000;
    }

    private StreamExecutionEnvironment environment() {
        StreamExecutionEnvironment env = new TestStreamEnvironment(flink, parallelism);
        env.enableCheckpointing(1_000);
        return env;
    }

    private void report(List<Result> results) throws IOException {
        if (out.getParent() != null) {
            Files.createDirectories(out.getParent());
        }
        try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(out))) {
            csv.println("experiment,variant,run,events,event_bytes,parallelism,millis,events_per_second,mb_per_second");
            for (Result r : results) {
                csv.printf(Locale.ROOT, "%s,%s,%d,%d,%d,%d,%d,%.0f,%.2f%n", r.experiment(), r.variant(), r.run(),
                        r.events(), size, parallelism, r.millis(), r.eventsPerSecond(),
                        r.eventsPerSecond() * size / 1e6);
            }
        }
        System.out.printf(Locale.ROOT, "%-8s %-22s %12s%n", "bench", "variant", "median ev/s");
        double rg = median(results, "pravega-reader-group");
        double src = median(results, "flink-pravega-source");
        double alo = median(results, "at-least-once");
        double eo = median(results, "exactly-once");
        System.out.printf(Locale.ROOT, "%-8s %-22s %12.0f%n", "source", "pravega-reader-group", rg);
        System.out.printf(Locale.ROOT, "%-8s %-22s %12.0f  (%.0f%% of the reader group)%n", "source",
                "flink-pravega-source", src, 100 * src / rg);
        System.out.printf(Locale.ROOT, "%-8s %-22s %12.0f  (whole bounded job incl. start and end)%n", "source",
                "flink-job-end-to-end", median(results, "flink-job-end-to-end"));
        System.out.printf(Locale.ROOT, "%-8s %-22s %12.0f%n", "sink", "at-least-once", alo);
        System.out.printf(Locale.ROOT, "%-8s %-22s %12.0f  (%.0f%% of at-least-once)%n", "sink", "exactly-once", eo,
                100 * eo / alo);
        System.out.println("CSV: " + out.toAbsolutePath());
        String base = out.getFileName().toString().replaceFirst("\\.csv$", "");
        Path source = out.resolveSibling(base + "-source.png");
        Path sink = out.resolveSibling(base + "-sink.png");
        new BarChart(String.format(Locale.ROOT, "Source: %,d events of %d B, parallelism %d (median of %d)",
                events, size, parallelism, runs))
                .bar("plain Pravega reader group", rg)
                .bar("PravegaSource (first to last record)", src)
                .bar("whole bounded Flink job", median(results, "flink-job-end-to-end"))
                .write(source);
        new BarChart(String.format(Locale.ROOT, "Sink: %,d events of %d B, parallelism %d (median of %d)",
                events, size, parallelism, runs))
                .bar("PravegaSink at-least-once", alo)
                .bar("PravegaSink exactly-once", eo)
                .write(sink);
        System.out.println("PNG: " + source.toAbsolutePath() + ", " + sink.toAbsolutePath());
    }

    private static double median(List<Result> results, String variant) {
        double[] values = results.stream().filter(r -> r.variant().equals(variant))
                .mapToDouble(Result::eventsPerSecond).sorted().toArray();
        return values[values.length / 2];
    }

    /** Event bytes as they are. */
    static final class RawBytes implements DeserializationSchema<byte[]> {
        @Override
        public byte[] deserialize(byte[] message) {
            return message;
        }

        @Override
        public boolean isEndOfStream(byte[] next) {
            return false;
        }

        @Override
        public TypeInformation<byte[]> getProducedType() {
            return PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO;
        }
    }
}
