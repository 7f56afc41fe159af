package io.xtremehub.flink.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.pravega.client.BatchClientFactory;
import io.pravega.client.admin.StreamInfo;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.batch.SegmentIterator;
import io.pravega.client.segment.impl.Segment;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamCut;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.pravega.client.stream.impl.StreamCutImpl;
import io.xtremehub.flink.MiniClusters;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.formats.json.JsonDeserializationSchema;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The source against a real Pravega cluster on a Flink MiniCluster. */
@EmbeddedCluster
class PravegaSourceIT {
    @Provided
    static TestCluster pravega;

    static final InMemoryReporter METRICS = InMemoryReporter.createWithRetainedMetrics();

    @RegisterExtension
    static final MiniClusterExtension FLINK = MiniClusters.fourSlots(METRICS.addToConfiguration(new Configuration()));

    private static StreamExecutionEnvironment env(boolean restarts) {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, restarts ? "fixed-delay" : "none");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(200);
        return env;
    }

    private static PravegaSourceBuilder<String> strings(String stream) {
        return PravegaSource.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, stream)
                .setDeserializer(new SimpleStringSchema())
                .setGroupRefreshTime(Duration.ofMillis(100));
    }

    @Test
    void boundedSourceReadsEveryEventOnceAndFinishes() throws Exception {
        String stream = pravega.newStream("bounded", 3);
        List<String> events = IntStream.range(0, 3000).mapToObj(i -> "event-" + i).toList();
        pravega.events().writeKeyedByText(stream, events);

        PravegaSource<String> source = strings(stream).setBounded(StreamPosition.latest()).build();
        List<String> read = new ArrayList<>();
        env(false).fromSource(source, WatermarkStrategy.noWatermarks(), "pravega")
                .executeAndCollect().forEachRemaining(read::add);

        assertThat(read).containsExactlyInAnyOrderElementsOf(events);
    }

    @Test
    void boundedSourceStopsAtTheTailOfWhenItStarted() throws Exception {
        String stream = pravega.newStream("tail", 2);
        List<String> first = IntStream.range(0, 500).mapToObj(i -> "first-" + i).toList();
        pravega.events().writeKeyedByText(stream, first);
        String group = "tail-group-" + System.nanoTime();
        PravegaSource<String> source = strings(stream).setReaderGroupName(group)
                .setBounded(StreamPosition.latest()).build();
        StreamExecutionEnvironment env = env(false);
        DataStream<String> in = env.fromSource(source, WatermarkStrategy.noWatermarks(), "pravega");
        // events written after the job's start are beyond the end cut
        List<String> read = new ArrayList<>();
        try (var it = in.executeAndCollect()) {
            await().atMost(Duration.ofMinutes(1)).until(() -> pravega.events().readerGroupExists(group));
            pravega.events().writeKeyedByText(stream, List.of("late-1", "late-2"));
            it.forEachRemaining(read::add);
        }
        assertThat(read).doesNotContain("late-1", "late-2").containsAll(first);
    }

    @Test
    // the bug this pins kept the job running forever; a separate thread lets the timeout fail it
    @Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void boundedSourceFinishesWhenASegmentStartsAtItsEnd() throws Exception {
        // how a job starts again from a checkpoint taken once one segment was read to the end cut
        String stream = pravega.newStream("one-read", 3);
        List<String> events = IntStream.range(0, 3000).mapToObj(i -> "event-" + i).toList();
        pravega.events().writeKeyedByText(stream, events);
        StreamInfo info;
        try (StreamManager streams = StreamManager.create(pravega.controllerUri())) {
            info = streams.fetchStreamInfo(TestCluster.SCOPE, stream).join();
        }
        Map<Segment, Long> tail = info.getTailStreamCut().asImpl().getPositions();
        Segment done = tail.keySet().stream().min(Comparator.comparingLong(Segment::getSegmentId)).orElseThrow();
        Map<Segment, Long> start = new HashMap<>(info.getHeadStreamCut().asImpl().getPositions());
        start.put(done, tail.get(done));
        StreamCut startCut = new StreamCutImpl(Stream.of(TestCluster.SCOPE, stream), start);
        PravegaSource<String> source = strings(stream).setStartingPosition(StreamPosition.of(startCut))
                .setBounded(StreamPosition.latest()).build();

        List<String> read = new ArrayList<>();
        env(false).fromSource(source, WatermarkStrategy.noWatermarks(), "pravega")
                .executeAndCollect().forEachRemaining(read::add);

        List<String> skipped = eventsOf(stream, done);
        assertThat(skipped).isNotEmpty();
        assertThat(read).doesNotHaveDuplicates().doesNotContainAnyElementsOf(skipped)
                .hasSize(events.size() - skipped.size());
        assertThat(events).containsAll(read);
    }

    private static List<String> eventsOf(String stream, Segment segment) {
        List<String> out = new ArrayList<>();
        try (BatchClientFactory batch = BatchClientFactory.withScope(TestCluster.SCOPE,
                pravega.clientConfig())) {
            batch.getSegments(Stream.of(TestCluster.SCOPE, stream), StreamCut.UNBOUNDED, StreamCut.UNBOUNDED)
                    .getIterator().forEachRemaining(range -> {
                        if (range.getSegmentId() == segment.getSegmentId()) {
                            try (SegmentIterator<byte[]> it = batch.readSegment(range, new ByteArraySerializer())) {
                                it.forEachRemaining(e -> out.add(new String(e, StandardCharsets.UTF_8)));
                            }
                        }
                    });
        }
        return out;
    }

    @Test
    void eventTimeWindowsFollowTheWatermarkStrategy() throws Exception {
        String stream = pravega.newStream("eventtime", 2);
        // 2000 events, timestamp i*10 ms: 200 windows of one second, 100 events each
        List<String> events = IntStream.range(0, 2000).mapToObj(i -> Integer.toString(i * 10)).toList();
        pravega.events().writeKeyedByText(stream, events);
        PravegaSource<String> source = strings(stream).setBounded(StreamPosition.latest()).build();
        WatermarkStrategy<String> watermarks = WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(30))
                .withTimestampAssigner((event, ts) -> Long.parseLong(event));

        List<Tuple2<Long, Integer>> windows = new ArrayList<>();
        env(false).fromSource(source, watermarks, "pravega")
                .map(e -> Tuple2.of(Long.parseLong(e) / 1000, 1))
                .returns(org.apache.flink.api.common.typeinfo.Types.TUPLE(
                        org.apache.flink.api.common.typeinfo.Types.LONG, org.apache.flink.api.common.typeinfo.Types.INT))
                .keyBy(t -> t.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .sum(1)
                .executeAndCollect().forEachRemaining(windows::add);

        Map<Long, Integer> counts = windows.stream().collect(Collectors.toMap(t -> t.f0, t -> t.f1));
        assertThat(counts).hasSize(20);
        assertThat(counts.values()).containsOnly(100);
    }

    @Test
    void unboundedSourceDeliversEventsWrittenWhileRunning() throws Exception {
        String stream = pravega.newStream("unbounded", 2);
        PravegaSource<String> source = strings(stream).build();
        assertThat(source.getBoundedness()).isEqualTo(org.apache.flink.api.connector.source.Boundedness.CONTINUOUS_UNBOUNDED);
        List<String> events = IntStream.range(0, 1000).mapToObj(i -> "live-" + i).toList();
        List<String> read = new ArrayList<>();
        try (var it = env(false).fromSource(source, WatermarkStrategy.noWatermarks(), "pravega").executeAndCollect()) {
            pravega.events().writeKeyedByText(stream, events);
            while (read.size() < events.size()) {
                read.add(it.next());
            }
        }
        assertThat(read).containsExactlyInAnyOrderElementsOf(events);
    }

    @Test
    void reportsRecordsBytesAndUnreadBytes() throws Exception {
        String stream = pravega.newStream("metrics", 2);
        List<String> events = IntStream.range(0, 500).mapToObj(i -> String.format("m-%05d", i)).toList();
        pravega.events().writeKeyedByText(stream, events);
        long bytes = events.stream().mapToLong(String::length).sum();
        StreamExecutionEnvironment env = env(false);
        var results = env.fromSource(strings(stream).build(), WatermarkStrategy.noWatermarks(), "metered")
                .collectAsync();
        JobClient job = env.executeAsync("metrics");
        try (results) {
            for (int i = 0; i < events.size(); i++) {
                results.next();
            }
            await().atMost(Duration.ofMinutes(1)).untilAsserted(() -> {
                assertThat(sum(job, "metered", "numRecordsIn")).isEqualTo(events.size());
                assertThat(sum(job, "metered", "numBytesIn")).isEqualTo(bytes);
                assertThat(METRICS.getMetricsByGroup().values()).anyMatch(m -> m.containsKey("pravegaUnreadBytes"));
                assertThat(sum(job, "", "pravegaUnreadBytes")).isZero();
            });
        } finally {
            job.cancel().get();
        }
    }

    // sums the metrics named {@code name} of this job's operators whose name contains {@code operator}
    private static long sum(JobClient job, String operator, String name) {
        long total = 0;
        for (var group : METRICS.getMetricsByGroup().entrySet()) {
            Map<String, String> vars = group.getKey().getAllVariables();
            Metric metric = group.getValue().get(name);
            if (metric == null || !job.getJobID().toString().equals(vars.get("<job_id>"))
                    || !String.valueOf(vars.get("<operator_name>")).contains(operator)) {
                continue;
            }
            total += metric instanceof Counter c ? c.getCount() : ((Number) ((Gauge<?>) metric).getValue()).longValue();
        }
        return total;
    }

    @Test
    void missingStreamFailsWithOneClearLine() {
        PravegaSource<String> source = strings("no-such-stream").setBounded(StreamPosition.latest()).build();
        assertThatThrownBy(() -> env(false).fromSource(source, WatermarkStrategy.noWatermarks(), "pravega")
                .executeAndCollect().forEachRemaining(e -> { }))
                .satisfies(e -> assertThat(rootMessages(e)).anyMatch(m -> m.contains(
                        "Pravega stream 'xtremehub/no-such-stream' does not exist")));
    }

    @Test
    void undecodableEventFailsTheJobNamingStreamAndSchema() throws Exception {
        String stream = pravega.newStream("badjson", 1);
        pravega.events().writeBytes(stream, List.of("{\"id\": 1}".getBytes(StandardCharsets.UTF_8),
                "this is not json".getBytes(StandardCharsets.UTF_8)), false);
        PravegaSource<Sample> source = PravegaSource.<Sample>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, stream)
                .setDeserializer(new JsonDeserializationSchema<>(Sample.class))
                .setBounded(StreamPosition.latest())
                .build();
        assertThatThrownBy(() -> env(false).fromSource(source, WatermarkStrategy.noWatermarks(), "pravega")
                .executeAndCollect().forEachRemaining(e -> { }))
                .satisfies(e -> assertThat(rootMessages(e)).anyMatch(m -> m.startsWith("cannot decode the event at")
                        && m.contains("of Pravega stream xtremehub/" + stream + " with JsonDeserializationSchema")));
    }

    static List<String> rootMessages(Throwable e) {
        List<String> messages = new ArrayList<>();
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages.add(String.valueOf(t.getMessage()));
        }
        return Collections.unmodifiableList(messages);
    }

    /** A JSON record for the decoding test. */
    public static final class Sample {
        public int id;
    }
}
