package io.xtremehub.faastream.internal.worker;

import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ReaderGroup;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.ReaderSegmentDistribution;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.io.StageReaderGroups;
import io.xtremehub.standalone.admin.StreamAdmin;
import io.xtremehub.testkit.cluster.TestCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * How long a stage's reader group takes to spread its segments evenly (every reader within one
 * segment of every other, none unassigned) after a worker joins, a worker leaves, or the stage's
 * input is rescaled. Readers are the workers' own {@link ReaderGroupInput}s, each read in a loop on
 * its thread while a writer keeps 200 events/s flowing into every segment. Each variant is a reader
 * group configuration and reader behaviour: {@code before} is what stages used before the fix
 * (Pravega's defaults plus 1 s automatic checkpoints), {@code refresh-only} is
 * {@link StageReaderGroups#config} (the group's state re-read every 200 ms), {@code after} adds
 * readers that let go of surplus segments at once ({@link SegmentShare}).
 *
 * <p>Not a test: run it by hand (see README.md, "Reader-group spread after scaling"); it writes
 * {@code reader-group-spread.csv} (one row per trial) into the directory given as first argument.
 */
public final class ReaderGroupSpreadBenchmark {
    private static final long GIVE_UP_MILLIS = 60_000;
    private static final long STEADY_MILLIS = 3_000;

    private final TestCluster cluster;
    private final PravegaContext ctx;
    private final ReaderGroupManager groups;

    private ReaderGroupSpreadBenchmark(TestCluster cluster) {
        this.cluster = cluster;
        this.ctx = PravegaContext.connect(cluster.controllerUri(), cluster.scope());
        this.groups = ReaderGroupManager.withScope(cluster.scope(), ctx.clientConfig());
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "benchmarks/results");
        int trials = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Files.createDirectories(out);
        List<String> rows = new ArrayList<>();
        rows.add("variant,scenario,trial,millis,even");
        try (TestCluster cluster = TestCluster.start()) {
            ReaderGroupSpreadBenchmark bench = new ReaderGroupSpreadBenchmark(cluster);
            Map<String, Variant> variants = Map.of(
                    "before", new Variant(bench::configBefore, false),
                    "refresh-only", new Variant(stream -> StageReaderGroups.config(cluster.scope(), stream, false, false, 1), false),
                    "after", new Variant(stream -> StageReaderGroups.config(cluster.scope(), stream, false, false, 1), true));
            // alternate the variants trial by trial, so that all see the same machine load
            for (int t = 1; t <= trials; t++) {
                for (String variant : List.of("before", "refresh-only", "after")) {
                    for (String scenario : List.of("join", "leave", "rescale")) {
                        long millis = bench.trial(scenario, variants.get(variant));
                        boolean even = millis >= 0;
                        String row = String.format(Locale.ROOT, "%s,%s,%d,%d,%s", variant, scenario, t,
                                even ? millis : GIVE_UP_MILLIS, even);
                        System.out.println(row);
                        rows.add(row);
                    }
                }
            }
            bench.close();
        }
        Files.write(out.resolve("reader-group-spread.csv"), rows);
        System.exit(0);
    }

    /** The stages' configuration before the fix, kept here as the baseline. */
    private ReaderGroupConfig configBefore(String stream) {
        return ReaderGroupConfig.builder().stream(Stream.of(cluster.scope(), stream))
                .automaticCheckpointIntervalMillis(1000).build();
    }

    /**
     * One trial: join = 1 reader on 8 segments, a second one joins; leave = 4 readers on 8 segments,
     * one closes; rescale = 2 readers on 4 segments, the stream goes to 8.
     *
     * @return milliseconds from the change until the spread is even, or -1 after {@link #GIVE_UP_MILLIS}
     */
    private long trial(String scenario, Variant variant) throws Exception {
        int segments = scenario.equals("rescale") ? 4 : 8;
        int readers = switch (scenario) {
            case "join" -> 1;
            case "leave" -> 4;
            default -> 2;
        };
        String stream = "spread-" + UUID.randomUUID().toString().substring(0, 8);
        ctx.controller().createStream(cluster.scope(), stream, StreamConfiguration.builder()
                .scalingPolicy(ScalingPolicy.fixed(segments)).build()).join();
        String group = stream + "-rg";
        groups.createReaderGroup(group, variant.config().apply(stream));
        AtomicBoolean writing = new AtomicBoolean(true);
        Thread writer = new Thread(() -> write(stream, writing), "spread-writer");
        writer.start();
        List<ReadingWorker> workers = new ArrayList<>();
        try (ReaderGroup rg = groups.getReaderGroup(group); StreamAdmin admin = new StreamAdmin(cluster.controllerUri())) {
            for (int i = 0; i < readers; i++) {
                workers.add(new ReadingWorker(ctx, group, "r" + i, variant.rebalance()));
            }
            if (awaitEven(rg, workers, segments) < 0) {
                throw new IllegalStateException(scenario + ": the group never spread evenly before the change");
            }
            // a running stage's readers are past their start-up timers when the change comes
            Thread.sleep(STEADY_MILLIS);
            long t0 = System.nanoTime();
            switch (scenario) {
                case "join" -> workers.add(new ReadingWorker(ctx, group, "r" + readers, variant.rebalance()));
                case "leave" -> workers.remove(0).close();
                default -> {
                    admin.scaleTo(cluster.scope(), stream, 8);
                    segments = 8;
                }
            }
            return awaitEven(rg, workers, segments) < 0 ? -1 : (System.nanoTime() - t0) / 1_000_000;
        } finally {
            writing.set(false);
            writer.join();
            workers.forEach(ReadingWorker::close);
            groups.deleteReaderGroup(group);
        }
    }

    /** @return milliseconds until every worker holds its even share of {@code segments}, or -1 */
    private static long awaitEven(ReaderGroup rg, Collection<ReadingWorker> workers, int segments)
            throws InterruptedException {
        long start = System.nanoTime();
        while ((System.nanoTime() - start) / 1_000_000 < GIVE_UP_MILLIS) {
            ReaderSegmentDistribution d = rg.getReaderSegmentDistribution();
            Map<String, Integer> held = d.getReaderSegmentDistribution();
            int min = held.values().stream().mapToInt(Integer::intValue).min().orElse(0);
            int max = held.values().stream().mapToInt(Integer::intValue).max().orElse(0);
            int sum = held.values().stream().mapToInt(Integer::intValue).sum();
            if (d.getUnassignedSegments() == 0 && held.size() == workers.size() && sum == segments && max - min <= 1) {
                return (System.nanoTime() - start) / 1_000_000;
            }
            Thread.sleep(20);
        }
        return -1;
    }

    private void write(String stream, AtomicBoolean writing) {
        try (EventStreamWriter<byte[]> w = ctx.events().createEventWriter(stream, new ByteArraySerializer(),
                EventWriterConfig.builder().build())) {
            byte[] event = new byte[100];
            while (writing.get()) {
                for (int i = 0; i < 10; i++) {
                    w.writeEvent(UUID.randomUUID().toString(), event);
                }
                w.flush();
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void close() {
        groups.close();
        ctx.close();
    }

    /** A reader group configuration and whether readers let go of surplus segments at once. */
    private record Variant(Function<String, ReaderGroupConfig> config, boolean rebalance) {
    }

    /** A worker's read loop without the processing: its input, read on a thread until closed. */
    private static final class ReadingWorker {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Thread thread;

        ReadingWorker(PravegaContext ctx, String group, String id, boolean rebalance) {
            thread = new Thread(() -> {
                try (ReaderGroupInput in = new ReaderGroupInput(ctx, group, id, false, null, rebalance, false, 1)) {
                    while (running.get()) {
                        in.next(100);
                    }
                }
            }, "spread-" + id);
            thread.start();
        }

        void close() {
            running.set(false);
            try {
                thread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
