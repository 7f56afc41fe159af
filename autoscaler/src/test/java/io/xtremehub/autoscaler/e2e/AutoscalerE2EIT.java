package io.xtremehub.autoscaler.e2e;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.BatchClientFactory;
import io.pravega.client.ClientConfig;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.batch.SegmentIterator;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.StreamCut;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import io.xtremehub.autoscaler.Decision;
import io.xtremehub.autoscaler.Orchestrator;
import io.xtremehub.autoscaler.Scaler;
import io.xtremehub.autoscaler.act.FlinkResourceRequirements;
import io.xtremehub.autoscaler.act.MiniClusterTaskManagers;
import io.xtremehub.autoscaler.act.ScalableMiniCluster;
import io.xtremehub.autoscaler.collect.FlinkCollector;
import io.xtremehub.autoscaler.collect.PravegaCollector;
import io.xtremehub.autoscaler.config.ConfigLoader;
import io.xtremehub.autoscaler.service.OrchestratorFactory;
import io.xtremehub.autoscaler.flink.FlinkRestClient;
import io.xtremehub.autoscaler.rule.Bounds;
import io.xtremehub.autoscaler.rule.SegmentRatioRule;
import io.xtremehub.autoscaler.rule.Stabilizer;
import io.xtremehub.config.ConfigException;
import io.xtremehub.flink.sink.DeliveryGuarantee;
import io.xtremehub.flink.sink.PravegaSink;
import io.xtremehub.flink.source.PravegaSource;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import io.xtremehub.testkit.FreePorts;
import io.xtremehub.testkit.cluster.ClusterCustomizer;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;





import org.apache.flink.runtime.minicluster.MiniCluster;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole loop on real components: a Pravega stream that auto-scales by event rate, a Flink
 * job reading it through {@link PravegaSource} on a MiniCluster with the adaptive scheduler, and
 * the orchestrator keeping task managers and job parallelism equal to the stream's segments
 * while a load generator steps the rate up and then down to idle. Every event must come out
 * exactly once, in per-key order.
 */
// a cluster of its own: fast auto-scaling would split the auto-scaled streams of other classes
@EmbeddedCluster(scope = EmbeddedCluster.Scope.CLASS, config = AutoscalerE2EIT.FastAutoScaling.class)
class AutoscalerE2EIT {
    private static final Logger LOG = LoggerFactory.getLogger(AutoscalerE2EIT.class);
    private static final String SCOPE = StandaloneCluster.DEFAULT_SCOPE;
    private static final String JOB = "autoscaled-copy";
    private static final int TARGET_RATE = 10;
    private static final int MAX_UNITS = 6;

    @Provided
    static StandaloneCluster pravega;

    /** Auto-scaling within seconds: the test steps the load up and down in a few minutes. */
    public static final class FastAutoScaling implements ClusterCustomizer {
        @Override
        public void customize(ClusterConfig.Builder config) {
            config.fastAutoScaling(5, 5, 15);
        }
    }

    @Test
    void anUnknownStreamOrAnUnreachableFlinkIsRefusedAtStartInOneLine() throws Exception {
        String yaml = """
                pravega: {controller: "%s"}
                flink: {rest: "%s"}
                streams: [{name: %s}]
                scalers:
                  - name: job
                    rule: {type: segments-ratio, stream: %s}
                    actuators: [{type: flink-resource-requirements, job: job}]
                """;
        MiniCluster flink = ScalableMiniCluster.startAdaptive(1);
        try {
            String rest = flink.getRestAddress().get().toString();
            ConfigException unknownStream = assertThrows(ConfigException.class, () -> OrchestratorFactory.create(
                    ConfigLoader.parse("a.yaml", yaml.formatted(pravega.controllerUri(), rest, "nope", "nope"))));
            assertEquals("streams: stream 'nope' does not exist in scope 'xtremehub' at " + pravega.controllerUri()
                    + " (create it first, or fix the name)", unknownStream.getMessage());
        } finally {
            flink.close();
        }
        try (StreamManager streams = StreamManager.create(pravega.controllerUri())) {
            streams.createStream(SCOPE, "there", StreamConfiguration.builder().build());
        }
        int closedPort = FreePorts.pick();
        ConfigException noFlink = assertThrows(ConfigException.class, () -> OrchestratorFactory.create(ConfigLoader.parse(
                "a.yaml", yaml.formatted(pravega.controllerUri(), "http://127.0.0.1:" + closedPort, "there", "there"))));
        assertTrue(noFlink.getMessage().startsWith("flink.rest: Flink REST API at http://127.0.0.1:" + closedPort
                + " is unreachable"), noFlink.getMessage());
        assertFalse(noFlink.getMessage().contains("\n"));
    }

    @Test
    void taskManagersAndParallelismFollowSegmentsUpAndDownWithEveryEventOnce() throws Exception {
        ClientConfig client = ClientConfig.builder().controllerURI(pravega.controllerUri()).build();
        try (StreamManager streams = StreamManager.create(client)) {
            streams.createStream(SCOPE, "in", StreamConfiguration.builder()
                    .scalingPolicy(ScalingPolicy.byEventRate(TARGET_RATE, 2, 1)).build());
            streams.createStream(SCOPE, "out", StreamConfiguration.builder()
                    .scalingPolicy(ScalingPolicy.fixed(1)).build());
        }
        MiniCluster flink = ScalableMiniCluster.startAdaptive(1);
        try (KeyedLoad load = new KeyedLoad(client, SCOPE, "in", 16)) {
            flink.submitJob(copyJob()).get();
            FlinkRestClient rest = new FlinkRestClient(flink.getRestAddress().get(), Duration.ofSeconds(10));
            MiniClusterTaskManagers taskManagers = new MiniClusterTaskManagers(flink, 1);
            try (Orchestrator orchestrator = orchestrator(client, rest, taskManagers)) {
                orchestrator.start();

                // step up: ten times the stream's target rate until Pravega splits
                load.rate(10.0 * TARGET_RATE);
                await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(2))
                        .until(() -> segments() > 1);
                int split = segments();
                int expected = Math.min(split, MAX_UNITS);
                LOG.info("stream split to {} segments after {} events", split, load.written());
                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1)).until(() ->
                        taskManagers.current() == expected && parallelism(rest) == expected);
                LOG.info("task managers and parallelism at {}", expected);

                // step down: idle segments ask to be merged
                load.rate(0);
                await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(2))
                        .until(() -> segments() == 1);
                LOG.info("stream merged back to 1 segment");
                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1)).until(() ->
                        taskManagers.current() == 1 && parallelism(rest) == 1);

                // the job still runs after the way down
                load.rate(5.0 * TARGET_RATE);
                long target = load.written() + 200;
                await().atMost(Duration.ofMinutes(1)).until(() -> load.written() >= target);
                load.rate(0);
                List<Decision> actions = orchestrator.decisionLog().latest().stream().filter(Decision::acted).toList();
                assertTrue(actions.stream().anyMatch(d -> d.action().equals("scale-up")), "no scale-up in " + actions);
                assertTrue(actions.stream().anyMatch(d -> d.action().equals("scale-down")), "no scale-down in " + actions);
                assertTrue(orchestrator.metrics().scrape().contains("xtremehub_stream_segments"));
                LOG.info("the job follows the stream again after the way down; decisions: {}", actions);
            }
            long written = load.written();
            load.close();
            await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(1))
                    .until(() -> readAll(client, "out").size() >= written);
            assertExactlyOnceInKeyOrder(readAll(client, "out"), written);
            LOG.info("all {} events read exactly once, in per-key order", written);
        } finally {
            flink.close();
        }
    }


    private static StreamGraph copyJob() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        env.setMaxParallelism(16);
        env.enableCheckpointing(500);
        PravegaSource<String> source = PravegaSource.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(SCOPE, "in")
                .setReaderGroupName("autoscaled-copy")
                .setDeserializer(new SimpleStringSchema())
                .setGroupRefreshTime(Duration.ofMillis(200))
                .build();
        PravegaSink<String> sink = PravegaSink.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(SCOPE, "out")
                .setSerializer(new SimpleStringSchema())
                .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .setEventRouter(e -> e.substring(0, e.indexOf(':')))
                .build();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "in").uid("source").sinkTo(sink).uid("sink");
        StreamGraph graph = env.getStreamGraph();
        graph.setJobName(JOB);
        return graph;
    }

    private static Orchestrator orchestrator(ClientConfig client, FlinkRestClient rest, MiniClusterTaskManagers tms) {
        Clock clock = Clock.systemUTC();
        Scaler scaler = new Scaler("copy-job", new SegmentRatioRule(SCOPE + "/in", 1, new Bounds(1, MAX_UNITS)),
                new Stabilizer(clock, Duration.ZERO, Duration.ofSeconds(6), Duration.ofSeconds(4), Duration.ofSeconds(8)),
                List.of(tms, new FlinkResourceRequirements(rest, JOB)));
        return Orchestrator.builder().period(Duration.ofSeconds(2)).clock(clock)
                .pravega(new PravegaCollector(client, SCOPE, 50), SCOPE)
                .watch("in", "autoscaled-copy")
                .flink(new FlinkCollector(rest))
                .scaler(scaler)
                .build();
    }

    private static int segments() {
        try (StreamManager streams = StreamManager.create(pravega.controllerUri())) {
            return streams.fetchStreamInfo(SCOPE, "in").join().getTailStreamCut().asImpl().getPositions().size();
        }
    }

    private static int parallelism(FlinkRestClient rest) {
        return rest.liveJob(JOB).map(j -> {
            int p = 0;
            for (var v : rest.get("/jobs/" + j.path("jid").asText()).path("vertices")) {
                p = Math.max(p, v.path("parallelism").asInt());
            }
            return p;
        }).orElse(-1);
    }

    private static List<String> readAll(ClientConfig client, String stream) {
        List<String> out = new ArrayList<>();
        try (BatchClientFactory batch = BatchClientFactory.withScope(SCOPE, client)) {
            batch.getSegments(Stream.of(SCOPE, stream), StreamCut.UNBOUNDED, StreamCut.UNBOUNDED).getIterator()
                    .forEachRemaining(range -> {
                        try (SegmentIterator<String> events = batch.readSegment(range, new UTF8StringSerializer())) {
                            events.forEachRemaining(out::add);
                        }
                    });
        }
        return out;
    }

    /** The output stream has one segment, so each key's events must appear as 0, 1, 2, ... with no gap or repeat. */
    private static void assertExactlyOnceInKeyOrder(List<String> out, long written) {
        Map<String, Long> next = new HashMap<>();
        for (String e : out) {
            String key = e.substring(0, e.indexOf(':'));
            long seq = Long.parseLong(e.substring(e.indexOf(':') + 1));
            long expected = next.getOrDefault(key, 0L);
            assertEquals(expected, seq, "key " + key + ": expected event " + expected + " next, got " + seq);
            next.put(key, seq + 1);
        }
        assertEquals(written, out.size(), "events written vs read");
    }
}
