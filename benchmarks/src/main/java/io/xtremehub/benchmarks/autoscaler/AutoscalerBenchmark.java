package io.xtremehub.benchmarks.autoscaler;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import io.xtremehub.autoscaler.Orchestrator;
import io.xtremehub.autoscaler.Scaler;
import io.xtremehub.autoscaler.act.FlinkResourceRequirements;
import io.xtremehub.autoscaler.act.MiniClusterTaskManagers;
import io.xtremehub.autoscaler.act.ScalableMiniCluster;
import io.xtremehub.autoscaler.act.StreamSegmentCount;
import io.xtremehub.autoscaler.collect.FlinkCollector;
import io.xtremehub.autoscaler.collect.PravegaCollector;
import io.xtremehub.autoscaler.flink.FlinkRestClient;
import io.xtremehub.autoscaler.rule.Bounds;
import io.xtremehub.autoscaler.rule.SegmentRatioRule;
import io.xtremehub.autoscaler.rule.Stabilizer;
import io.xtremehub.autoscaler.rule.StreamRateRule;
import io.xtremehub.benchmarks.charts.TimeSeriesChart;
import io.xtremehub.flink.source.PravegaSource;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;





import org.apache.flink.runtime.minicluster.MiniCluster;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamGraph;

/**
 * The storage-compute experiment: a sinusoidal input (valley to peak and back, peak/valley as
 * given, 1000 by default) written to a Pravega stream and processed by a Flink job on a
 * MiniCluster, in three setups run one after the other on the same Pravega cluster:
 * <ul>
 *   <li>{@code coupled}: the orchestrator scales the stream's segments with its event rate and
 *       keeps task managers (one slot each) and job parallelism equal to the segments;</li>
 *   <li>{@code over}: one fixed segment and {@code maxTaskManagers} task managers all the time
 *       (the reference's mismatch: one reader, the rest only computes after a shuffle);</li>
 *   <li>{@code under}: one fixed segment and one task manager.</li>
 * </ul>
 * Per second it records ingest and processing rates, segments, task managers, parallelism and
 * the p95 end-to-end lag, and writes {@code autoscaler-<setup>.csv} and {@code .png}, plus
 * {@code autoscaler-summary.csv}: events processed, p95 lag and task-manager-seconds.
 * Usage: {@code AutoscalerBenchmark <seconds per setup> [valley/s] [peak/s] [work µs/event]
 * [segment target rate/s] [max task managers] [setups, e.g. coupled,over,under]}.
 */
public final class AutoscalerBenchmark {
    private static final String SCOPE = StandaloneCluster.DEFAULT_SCOPE;

    private final int seconds;
    private final double valley;
    private final double peak;
    private final long workMicros;
    private final int targetRate;
    private final int maxTaskManagers;
    private final Path results;

    private AutoscalerBenchmark(String[] a) {
        seconds = Integer.parseInt(a[0]);
        valley = a.length > 1 ? Double.parseDouble(a[1]) : 2;
        peak = a.length > 2 ? Double.parseDouble(a[2]) : 2000;
        workMicros = a.length > 3 ? Long.parseLong(a[3]) : 2000;
        targetRate = a.length > 4 ? Integer.parseInt(a[4]) : 100;
        maxTaskManagers = a.length > 5 ? Integer.parseInt(a[5]) : 8;
        results = Path.of(System.getProperty("xtremehub.results.dir", "benchmarks/results"));
    }

    public static void main(String[] args) {
        // the embedded ZooKeeper swallows exceptions escaping main and keeps the JVM alive: report and exit here
        try {
            runAll(args);
            System.exit(0);
        } catch (Throwable e) {
            System.err.println("autoscaler benchmark failed: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }

    private static void runAll(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: AutoscalerBenchmark <seconds per setup> [valley/s] [peak/s] [work us/event]"
                    + " [segment target rate/s] [max task managers] [setups]");
            System.exit(2);
        }
        AutoscalerBenchmark b = new AutoscalerBenchmark(args);
        List<String> setups = List.of((args.length > 6 ? args[6] : "coupled,over,under").split(","));
        Files.createDirectories(b.results);
        Path data = Files.createTempDirectory("autoscaler-bench");
        List<String> summary = new ArrayList<>();
        summary.add("setup,seconds,valley_per_s,peak_per_s,work_us,events_written,events_processed,p95_lag_ms,"
                + "taskmanager_seconds,max_segments,max_taskmanagers");
        try (StandaloneCluster pravega = StandaloneCluster.start(ClusterConfig.builder().dataDir(data)
                .allPortsEphemeral().build())) {
            for (String setup : setups) {
                summary.add(b.run(pravega, setup));
                Files.write(b.results.resolve("autoscaler-summary.csv"), summary);
            }
        }
        summary.forEach(System.out::println);
    }

    /** The input rate at second t of the run: a sinusoid from valley up to peak and back. */
    private double rate(double t) {
        return valley + (peak - valley) * (1 - Math.cos(2 * Math.PI * t / seconds)) / 2;
    }

    private String run(StandaloneCluster pravega, String setup) throws Exception {
        ClientConfig client = ClientConfig.builder().controllerURI(pravega.controllerUri()).build();
        String stream = "bench-" + setup;
        boolean coupled = setup.equals("coupled");
        int staticTms = setup.equals("over") ? maxTaskManagers : 1;
        try (StreamManager streams = StreamManager.create(client)) {
            // coupled: the orchestrator scales the stream (see orchestrator()), so Pravega's own auto-scaling stays off
            streams.createStream(SCOPE, stream, StreamConfiguration.builder().scalingPolicy(ScalingPolicy.fixed(1)).build());
        }
        ProcessedEvents.reset();
        int startTms = coupled ? 1 : staticTms;
        MiniCluster flink = ScalableMiniCluster.startAdaptive(startTms);
        Series s = new Series();
        try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(SCOPE, client);
             EventStreamWriter<String> writer = clients.createEventWriter(stream, new UTF8StringSerializer(),
                     EventWriterConfig.builder().build());
             StreamManager streams = StreamManager.create(client)) {
            flink.submitJob(job(pravega, stream, coupled ? 1 : staticTms)).get();
            FlinkRestClient rest = new FlinkRestClient(flink.getRestAddress().get(), Duration.ofSeconds(10));
            MiniClusterTaskManagers tms = new MiniClusterTaskManagers(flink, startTms);
            Orchestrator orchestrator = coupled ? orchestrator(client, stream, rest, tms) : null;
            if (orchestrator != null) {
                orchestrator.start();
            }
            long[] next = new long[ProcessedEvents.KEYS];
            long written = 0;
            double due = 0;
            long processedBefore = 0;
            long start = System.nanoTime();
            long drainUntil = Long.MAX_VALUE;
            for (int second = 0; ; second++) {
                long secondStart = start + second * 1_000_000_000L;
                int wroteThisSecond = 0;
                if (second < seconds) {
                    // spread this second's events over ten slices
                    for (int slice = 0; slice < 10; slice++) {
                        due += rate(second + slice / 10.0) / 10;
                        while (due >= 1) {
                            int key = (int) (written % ProcessedEvents.KEYS);
                            writer.writeEvent("k" + key, "k" + key + ":" + next[key]++ + ":" + System.currentTimeMillis());
                            written++;
                            wroteThisSecond++;
                            due--;
                        }
                        writer.flush();
                        sleepUntil(secondStart + (slice + 1) * 100_000_000L);
                    }
                } else {
                    if (drainUntil == Long.MAX_VALUE) {
                        drainUntil = second + 120;
                    }
                    sleepUntil(secondStart + 1_000_000_000L);
                }
                long processed = ProcessedEvents.COUNT.sum();
                int taskManagers = tms.current();
                s.add(wroteThisSecond, processed - processedBefore,
                        streams.fetchStreamInfo(SCOPE, stream).join().getTailStreamCut().asImpl().getPositions().size(),
                        taskManagers, parallelism(rest), ProcessedEvents.LAG.takeSlotP95(), written - processed);
                processedBefore = processed;
                if (second >= seconds && (processed >= written || second >= drainUntil)) {
                    break;
                }
            }
            if (orchestrator != null) {
                orchestrator.close();
            }
            String name = "autoscaler-" + setup;
            s.write(results.resolve(name + ".csv"));
            TimeSeriesChart.write(results.resolve(name + ".png"), String.format(Locale.ROOT,
                    "%s: %.0f-%.0f events/s sinusoid over %d s, %d us/event", setup, valley, peak, seconds, workMicros),
                    List.of(panel("events per second", "ingest", s.col(0), "processed", s.col(1)),
                            panel("segments, task managers, parallelism", "segments", s.col(2), "task managers",
                                    s.col(3), "parallelism", s.col(4)),
                            panel("p95 end-to-end lag (ms)", "lag p95", s.col(5)),
                            panel("unprocessed events", "backlog", s.col(6))));
            return String.format(Locale.ROOT, "%s,%d,%.1f,%.1f,%d,%d,%d,%.0f,%.0f,%.0f,%.0f", setup, seconds, valley,
                    peak, workMicros, written, ProcessedEvents.COUNT.sum(), ProcessedEvents.LAG.p95(),
                    java.util.Arrays.stream(s.col(3)).sum(), java.util.Arrays.stream(s.col(2)).max().orElse(0),
                    java.util.Arrays.stream(s.col(3)).max().orElse(0));
        } finally {
            flink.close();
        }
    }

    /** A chart panel from alternating series names and values, in that order. */
    private static TimeSeriesChart.Panel panel(String title, Object... namesAndValues) {
        Map<String, double[]> series = new java.util.LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            series.put((String) namesAndValues[i], (double[]) namesAndValues[i + 1]);
        }
        return new TimeSeriesChart.Panel(title, series);
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
    }


    private StreamGraph job(StandaloneCluster pravega, String stream, int parallelism) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        env.setMaxParallelism(64);
        env.enableCheckpointing(1000);
        PravegaSource<String> source = PravegaSource.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(SCOPE, stream)
                .setReaderGroupName(stream)
                .setDeserializer(new SimpleStringSchema())
                .setGroupRefreshTime(Duration.ofMillis(500))
                .build();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "in").uid("source")
                // the shuffle the reference describes: readers hand events to whichever task manager computes them
                .keyBy(e -> e.substring(0, e.indexOf(':')))
                .map(new ProcessedEvents(workMicros)).uid("work")
                .sinkTo(new DiscardingSink<>()).uid("sink");
        StreamGraph graph = env.getStreamGraph();
        graph.setJobName(stream);
        return graph;
    }

    /**
     * Two scalers: the stream's segments follow its event rate (one segment per {@code targetRate}
     * events/s), and task managers and job parallelism follow the segments one to one. Pravega's
     * own auto-scaling would do the first only at its own pace: it merges segments older than 20
     * minutes, slower than this compressed run's whole cycle.
     */
    private Orchestrator orchestrator(ClientConfig client, String stream, FlinkRestClient rest, MiniClusterTaskManagers tms) {
        Clock clock = Clock.systemUTC();
        Bounds bounds = new Bounds(1, maxTaskManagers);
        Scaler segments = new Scaler(stream + "-segments",
                new StreamRateRule(SCOPE + "/" + stream, StreamRateRule.Unit.EVENTS, targetRate, bounds),
                new Stabilizer(clock, Duration.ZERO, Duration.ofSeconds(20), Duration.ofSeconds(10), Duration.ofSeconds(20)),
                List.of(new StreamSegmentCount(client, SCOPE, stream)));
        Scaler compute = new Scaler(stream, new SegmentRatioRule(SCOPE + "/" + stream, 1, bounds),
                new Stabilizer(clock, Duration.ZERO, Duration.ofSeconds(15), Duration.ofSeconds(5), Duration.ofSeconds(15)),
                List.of(tms, new FlinkResourceRequirements(rest, stream)));
        return Orchestrator.builder().period(Duration.ofSeconds(5)).clock(clock)
                .pravega(new PravegaCollector(client, SCOPE, 50), SCOPE)
                .watch(stream, stream)
                .flink(new FlinkCollector(rest))
                .scaler(segments)
                .scaler(compute)
                .build();
    }

    private static int parallelism(FlinkRestClient rest) {
        try {
            int p = 0;
            for (var j : rest.liveJobs()) {
                for (var v : rest.get("/jobs/" + j.path("jid").asText()).path("vertices")) {
                    p = Math.max(p, v.path("parallelism").asInt());
                }
            }
            return p;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** One row per second: ingest, processed, segments, task managers, parallelism, p95 lag, backlog. */
    private static final class Series {
        private final List<double[]> rows = new ArrayList<>();

        void add(double... row) {
            rows.add(row);
        }

        double[] col(int i) {
            return rows.stream().mapToDouble(r -> r[i]).toArray();
        }

        void write(Path csv) throws IOException {
            List<String> lines = new ArrayList<>();
            lines.add("second,ingest_per_s,processed_per_s,segments,taskmanagers,parallelism,lag_p95_ms,backlog_events");
            for (int i = 0; i < rows.size(); i++) {
                double[] r = rows.get(i);
                lines.add(String.format(Locale.ROOT, "%d,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f", i, r[0], r[1], r[2], r[3],
                        r[4], r[5], r[6]));
            }
            Files.write(csv, lines);
        }
    }
}
