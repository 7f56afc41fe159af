package io.xtremehub.flink.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.pravega.client.stream.ScalingPolicy;
import io.xtremehub.flink.MiniClusters;
import io.xtremehub.flink.sink.DeliveryGuarantee;
import io.xtremehub.flink.sink.PravegaSink;
import io.xtremehub.flink.source.PravegaSource;
import io.xtremehub.standalone.admin.SegmentRange;
import io.xtremehub.standalone.admin.StreamAdmin;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Unbounded jobs whose parallelism or stream changes under them: nothing lost, nothing twice. */
@EmbeddedCluster
class RescaleIT {
    @Provided
    static TestCluster pravega;
    @TempDir
    static Path dir;

    @RegisterExtension
    static final MiniClusterExtension FLINK = MiniClusters.fourSlots();

    private static JobClient startCopyJob(String in, String out, int parallelism, String savepoint) throws Exception {
        Configuration conf = new Configuration();
        if (savepoint != null) {
            conf.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(parallelism);
        env.enableCheckpointing(200);
        PravegaSource<String> source = PravegaSource.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, in)
                .setDeserializer(new SimpleStringSchema())
                .setGroupRefreshTime(Duration.ofMillis(100))
                .build();
        PravegaSink<String> sink = PravegaSink.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, out)
                .setSerializer(new SimpleStringSchema())
                .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .setEventRouter(e -> e)
                .build();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "in").uid("pravega-source")
                .sinkTo(sink).uid("pravega-sink");
        return env.executeAsync("copy " + in + " -> " + out + " at parallelism " + parallelism);
    }

    private static List<String> events(String prefix, int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> prefix + i).toList();
    }

    @Test
    void restoreFromSavepointAtHigherParallelism() throws Exception {
        String in = pravega.newStream("sp-in", 3);
        String out = pravega.newStream("sp-out", 2);
        List<String> all = new ArrayList<>(events("e", 0, 2000));
        pravega.events().writeKeyedByText(in, all);

        JobClient first = startCopyJob(in, out, 2, null);
        await().atMost(Duration.ofMinutes(2)).until(() -> pravega.events().readSegments(out).size() >= 500);
        String savepoint = first.stopWithSavepoint(false, dir.resolve("savepoints").toUri().toString(),
                SavepointFormatType.CANONICAL).get();
        List<String> beforeRestart = pravega.events().readSegments(out);

        List<String> more = events("e", 2000, 4000);
        pravega.events().writeKeyedByText(in, more);
        all.addAll(more);
        JobClient second = startCopyJob(in, out, 3, savepoint);
        await().atMost(Duration.ofMinutes(2)).until(() -> pravega.events().readSegments(out).size() >= all.size());
        second.cancel().get();

        assertThat(beforeRestart).hasSizeLessThan(all.size());
        assertThat(pravega.events().readSegments(out)).containsExactlyInAnyOrderElementsOf(all);
    }

    @Test
    void followsSplitsAndMergesWhileRunning() throws Exception {
        String in = pravega.newStream("scale-in", ScalingPolicy.fixed(1));
        String out = pravega.newStream("scale-out", 2);
        List<String> all = new ArrayList<>();
        try (StreamAdmin admin = new StreamAdmin(pravega.controllerUri())) {
            JobClient job = startCopyJob(in, out, 2, null);
            List<String> batch = events("a", 0, 1000);
            pravega.events().writeKeyedByText(in, batch);
            all.addAll(batch);
            await().atMost(Duration.ofMinutes(2)).until(() -> pravega.events().readSegments(out).size() >= 300);

            // the split happens while a writer is appending
            List<String> during = events("b", 0, 1000);
            CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> pravega.events().writeKeyedByText(in, during));
            admin.split(TestCluster.SCOPE, in, admin.segments(TestCluster.SCOPE, in).get(0).number());
            writing.join();
            all.addAll(during);
            assertThat(admin.segments(TestCluster.SCOPE, in)).hasSize(2);
            await().atMost(Duration.ofMinutes(2)).until(() -> pravega.events().readSegments(out).size() >= 1500);

            List<SegmentRange> two = admin.segments(TestCluster.SCOPE, in);
            admin.merge(TestCluster.SCOPE, in, two.get(0).number(), two.get(1).number());
            assertThat(admin.segments(TestCluster.SCOPE, in)).hasSize(1);
            batch = events("c", 0, 1000);
            pravega.events().writeKeyedByText(in, batch);
            all.addAll(batch);
            await().atMost(Duration.ofMinutes(2)).until(() -> pravega.events().readSegments(out).size() >= all.size());
            job.cancel().get();
        }
        assertThat(pravega.events().readSegments(out)).containsExactlyInAnyOrderElementsOf(all);
    }
}
