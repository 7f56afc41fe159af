package io.xtremehub.flink.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.xtremehub.flink.MiniClusters;
import io.xtremehub.flink.sink.DeliveryGuarantee;
import io.xtremehub.flink.sink.PravegaSink;
import io.xtremehub.flink.source.PravegaSource;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A Pravega reader whose Flink barrier arrives long after its reader-group checkpoint completed
 * (another source's enumerator is slow to checkpoint) must not emit anything past the recorded
 * position before the barrier: the checkpoint then completes, and a restore from it would read
 * those events a second time.
 */
@EmbeddedCluster
class LateBarrierIT {
    @Provided
    static TestCluster pravega;

    private static final long SLOW_CHECKPOINT = 3;
    private static final Duration SOURCE_CHECKPOINT_TIMEOUT = Duration.ofSeconds(2);
    // well beyond twice the source's checkpoint timeout, when readers used to give up waiting
    private static final long BARRIER_DELAY_MILLIS = 7_000;

    @RegisterExtension
    static final MiniClusterExtension FLINK = MiniClusters.fourSlots();

    /** A task fails right after the late checkpoint: the source subtask is restored from its split. */
    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aSubtaskRestoredFromALateCheckpointReadsNothingTwice() throws Exception {
        runFailingRightAfterTheLateCheckpoint(false);
    }

    /** An enumerator fails the job right after the late checkpoint: the whole group is rewound to it. */
    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aGroupRewoundToALateCheckpointReadsNothingTwice() throws Exception {
        runFailingRightAfterTheLateCheckpoint(true);
    }

    private void runFailingRightAfterTheLateCheckpoint(boolean globally) throws Exception {
        String in = pravega.newStream("late-in", 2);
        String out = pravega.newStream("late-out", 1);

        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(1);
        env.enableCheckpointing(300);
        PravegaSource<String> source = PravegaSource.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, in)
                .setDeserializer(new SimpleStringSchema())
                .setCheckpointTimeout(SOURCE_CHECKPOINT_TIMEOUT)
                .setGroupRefreshTime(Duration.ofMillis(100))
                .build();
        PravegaSink<String> sink = PravegaSink.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, out)
                .setSerializer(new SimpleStringSchema())
                .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .build();
        // exactly one of the two fails the job: the other starts as if it had already failed
        FailAfterCheckpoint.FAILED.set(globally);
        SlowCheckpointSource.FAILED_JOB.set(!globally);
        SlowCheckpointSource.SLOWED.set(-1);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pravega-in")
                .union(env.fromSource(new SlowCheckpointSource(SLOW_CHECKPOINT, BARRIER_DELAY_MILLIS, globally),
                        WatermarkStrategy.noWatermarks(), "slow-to-checkpoint"))
                .map(new FailAfterCheckpoint())
                .sinkTo(sink);

        ContinuousWriter writer = new ContinuousWriter(pravega, in, i -> "k" + (i % 4) + "-" + i);
        JobClient job;
        try {
            job = env.executeAsync("late barrier");
            // the job fails right after the slow checkpoint completed and restores from it
            await().atMost(Duration.ofMinutes(2))
                    .until(() -> FailAfterCheckpoint.FAILED.get() && SlowCheckpointSource.FAILED_JOB.get());
        } finally {
            writer.close();
        }
        List<String> written = writer.written();
        await().atMost(Duration.ofMinutes(2)).until(() -> pravega.events().readSegments(out).size() >= written.size());
        job.cancel().get();

        assertThat(pravega.events().readSegments(out)).containsExactlyInAnyOrderElementsOf(written);
    }

    /** Throws once, at the first record after the slowed checkpoint completed. */
    static final class FailAfterCheckpoint implements MapFunction<String, String>, CheckpointListener {
        static final AtomicBoolean FAILED = new AtomicBoolean();
        private boolean armed;

        @Override
        public String map(String value) {
            if (armed && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("induced failure after the slowed checkpoint");
            }
            return value;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            armed |= checkpointId == SlowCheckpointSource.SLOWED.get();
        }
    }
}
