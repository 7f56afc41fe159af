package io.xtremehub.flink.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.xtremehub.flink.MiniClusters;
import io.xtremehub.flink.sink.DeliveryGuarantee;
import io.xtremehub.flink.sink.PravegaSink;
import io.xtremehub.flink.source.PravegaSource;
import io.xtremehub.flink.source.StreamPosition;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Pravega to Pravega through a map that fails at fixed records: after every restart the
 * output must still hold each input event exactly once.
 */
@EmbeddedCluster
class ExactlyOnceIT {
    @Provided
    static TestCluster pravega;

    @RegisterExtension
    // global restarts: a lone restarted source subtask forces a second failover (see README)
    static final MiniClusterExtension FLINK = MiniClusters.fourSlots(fullFailover());

    private static Configuration fullFailover() {
        Configuration conf = new Configuration();
        conf.set(JobManagerOptions.EXECUTION_FAILOVER_STRATEGY, "full");
        return conf;
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES) // a stuck job fails the test instead of hanging the build
    void outputEqualsInputExactlyOnceDespiteFailures() throws Exception {
        String input = pravega.newStream("eo-in", 3);
        String output = pravega.newStream("eo-out", 2);
        List<String> events = IntStream.range(0, 6000).mapToObj(Integer::toString).toList();
        pravega.events().writeKeyedByText(input, events);

        Configuration conf = new Configuration();
        conf.set(JobManagerOptions.EXECUTION_FAILOVER_STRATEGY, "full");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 30);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(200);

        PravegaSource<String> source = PravegaSource.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, input)
                .setDeserializer(new SimpleStringSchema())
                .setBounded(StreamPosition.latest())
                .setGroupRefreshTime(Duration.ofMillis(100))
                .build();
        PravegaSink<String> sink = PravegaSink.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, output)
                .setSerializer(new SimpleStringSchema())
                .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .setEventRouter(e -> e)
                .build();
        FailOnce.FAILED.clear();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pravega-in")
                .map(new FailOnce(Set.of("700", "1900", "3100", "4300", "5500")))
                .sinkTo(sink).name("pravega-out");
        env.execute("exactly-once with failures");

        assertThat(FailOnce.FAILED).hasSize(5);
        // transaction commits complete asynchronously in Pravega after the job has ended
        await().atMost(Duration.ofMinutes(1)).until(() -> pravega.events().readSegments(output).size() >= events.size());
        assertThat(pravega.events().readSegments(output)).containsExactlyInAnyOrderElementsOf(events);
    }

    /** Throws the first time it meets each of the given records, wherever and whenever that is. */
    static final class FailOnce implements MapFunction<String, String> {
        static final Set<String> FAILED = ConcurrentHashMap.newKeySet();
        private final Set<String> failAt;

        FailOnce(Set<String> failAt) {
            this.failAt = failAt;
        }

        @Override
        public String map(String value) {
            if (failAt.contains(value) && FAILED.add(value)) {
                throw new IllegalStateException("induced failure at record " + value);
            }
            return value;
        }
    }
}
