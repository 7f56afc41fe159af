package io.xtremehub.flink.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.stream.ReaderGroup;
import io.pravega.client.stream.ReaderSegmentDistribution;
import io.xtremehub.flink.MiniClusters;
import io.xtremehub.flink.sink.DeliveryGuarantee;
import io.xtremehub.flink.sink.PravegaSink;
import io.xtremehub.flink.source.PravegaSource;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.runtime.rest.messages.JobVertexDetailsHeaders;
import org.apache.flink.runtime.rest.messages.JobVertexDetailsInfo;
import org.apache.flink.runtime.rest.messages.JobVertexMessageParameters;
import org.apache.flink.runtime.rest.messages.job.JobDetailsInfo;
import org.apache.flink.runtime.rest.messages.job.SubtaskExecutionAttemptDetailsInfo;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.InjectClusterClient;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Region failover: the source subtasks of a job without all-to-all edges are separate
 * failover regions. When one of them fails, only that region restarts, and the output still
 * holds every input event exactly once and in order per key.
 *
 * <p>The enumerator restores a failed subtask alone only while its reader still holds the
 * segments it held at the restored checkpoint; otherwise it correctly falls back to a global
 * restart. So the subtask fails only once the segment layout is final and a checkpoint has
 * recorded it. An even spread of segments is not final in general: Pravega weighs each reader's
 * share by the lag it last reported, and a reader that had read nothing when it reported counts
 * as nearly empty, so two readers holding two segments each were seen to move segments again
 * seconds later. With two segments and two readers the layout is final once each reader holds one: a
 * reader gives a segment away only while it holds more than one.
 */
@EmbeddedCluster
class RegionFailoverIT {
    @Provided
    static TestCluster pravega;

    private static final int KEYS = 8;
    private static final int FAILING_SUBTASK = 1;

    @RegisterExtension
    static final MiniClusterExtension FLINK = MiniClusters.fourSlots(regionFailover());

    private static Configuration regionFailover() {
        Configuration conf = new Configuration();
        conf.set(JobManagerOptions.EXECUTION_FAILOVER_STRATEGY, "region");
        return conf;
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void oneFailedSourceSubtaskRestartsAloneWithoutLossOrDuplicates(@InjectClusterClient RestClusterClient<?> client)
            throws Exception {
        String in = pravega.newStream("region-in", 2);
        String out = pravega.newStream("region-out", 2);
        String group = "region-" + in;

        Configuration conf = new Configuration();
        conf.set(JobManagerOptions.EXECUTION_FAILOVER_STRATEGY, "region");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
        // one checkpoint at a time: FailInOneSubtask relies on each one starting after the previous completed
        conf.set(CheckpointingOptions.MAX_CONCURRENT_CHECKPOINTS, 1);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(300);
        PravegaSource<String> source = PravegaSource.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, in)
                .setReaderGroupName(group)
                .setDeserializer(new SimpleStringSchema())
                .setGroupRefreshTime(Duration.ofMillis(100))
                .build();
        PravegaSink<String> sink = PravegaSink.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, out)
                .setSerializer(new SimpleStringSchema())
                .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .setEventRouter(e -> e.split("-", 2)[0])
                .build();
        FailInOneSubtask.reset();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pravega-in")
                .map(new FailInOneSubtask(FAILING_SUBTASK))
                .sinkTo(sink);

        ContinuousWriter writer = new ContinuousWriter(pravega, in, i -> "k" + (i % KEYS) + "-" + (i / KEYS));
        JobClient job;
        try {
            job = env.executeAsync("region failover");
            // generous: on a loaded machine the enumerator was seen to take over a minute to start
            await().atMost(Duration.ofMinutes(3)).until(() -> oneSegmentPerReader(group));
            FailInOneSubtask.LAYOUT_FINAL.set(true);
            await().atMost(Duration.ofMinutes(3)).until(FailInOneSubtask.FAILED::get);
            // the restarted subtask reads and emits again
            await().atMost(Duration.ofMinutes(3)).until(() -> FailInOneSubtask.RECORDS_AFTER_RESTART.get() > 0);
        } finally {
            writer.close();
        }
        List<String> written = writer.written();
        await().atMost(Duration.ofMinutes(3)).until(() -> pravega.events().readSegments(out).size() >= written.size());
        Map<Integer, Integer> attempts = attemptsPerSubtask(client, job.getJobID());
        job.cancel().get();

        assertThat(attempts).containsEntry(1 - FAILING_SUBTASK, 0).containsEntry(FAILING_SUBTASK, 1);
        List<String> output = pravega.events().readSegments(out);
        assertThat(output).containsExactlyInAnyOrderElementsOf(written);
        assertThat(byKey(output)).isEqualTo(byKey(written));
    }

    /** Whether each of the two readers holds one of the two segments: the final layout, see the class comment. */
    private static boolean oneSegmentPerReader(String group) {
        try (ReaderGroupManager groups = ReaderGroupManager.withScope(TestCluster.SCOPE,
                pravega.clientConfig());
             ReaderGroup readers = groups.getReaderGroup(group)) {
            ReaderSegmentDistribution distribution = readers.getReaderSegmentDistribution();
            return distribution.getUnassignedSegments() == 0
                    && distribution.getReaderSegmentDistribution().size() == 2
                    && distribution.getReaderSegmentDistribution().values().stream().allMatch(n -> n == 1);
        } catch (RuntimeException e) {
            return false; // the group does not exist yet
        }
    }

    /** The highest attempt number of each subtask index over all tasks of the job, from Flink's REST API. */
    private static Map<Integer, Integer> attemptsPerSubtask(RestClusterClient<?> client, JobID job)
            throws Exception {
        Map<Integer, Integer> attempts = new TreeMap<>();
        for (JobDetailsInfo.JobVertexDetailsInfo vertex : client.getJobDetails(job).get().getJobVertexInfos()) {
            JobVertexMessageParameters params = JobVertexDetailsHeaders.getInstance().getUnresolvedMessageParameters();
            params.jobPathParameter.resolve(job);
            params.jobVertexIdPathParameter.resolve(vertex.getJobVertexID());
            JobVertexDetailsInfo details = client.sendRequest(JobVertexDetailsHeaders.getInstance(), params,
                    EmptyRequestBody.getInstance()).get();
            for (SubtaskExecutionAttemptDetailsInfo subtask : details.getSubtasks()) {
                attempts.merge(subtask.getSubtaskIndex(), subtask.getAttempt(), Math::max);
            }
        }
        return attempts;
    }

    /** The events of each key in stream order ("k3-17": key k3). */
    private static Map<String, List<String>> byKey(List<String> events) {
        Map<String, List<String>> keys = new TreeMap<>();
        for (String e : events) {
            keys.computeIfAbsent(e.split("-", 2)[0], k -> new ArrayList<>()).add(e);
        }
        return keys;
    }

    /**
     * Throws once in one subtask, at its 100th record after a checkpoint that recorded the final
     * segment layout completed; counts the records that subtask maps after its restart.
     *
     * <p>The test sets {@link #LAYOUT_FINAL} once it saw the final layout. The first checkpoint this
     * subtask snapshots after that completes later still, and with one checkpoint at a time every
     * checkpoint after it starts its reader-group checkpoint later again: its reader positions
     * hold the final layout. So the region restores from a checkpoint whose segments the failed
     * reader still holds, whatever the machine's load, and the enumerator restores it alone.
     */
    static final class FailInOneSubtask extends RichMapFunction<String, String>
            implements CheckpointedFunction, CheckpointListener {
        static final AtomicBoolean LAYOUT_FINAL = new AtomicBoolean();
        static final AtomicBoolean FAILED = new AtomicBoolean();
        static final AtomicInteger RECORDS_AFTER_RESTART = new AtomicInteger();
        private final int subtask;
        private boolean mine;
        private boolean restarted;
        private long firstSnapshotAfterLayoutFinal = -1;
        private int recordsSinceArmed = -1;

        FailInOneSubtask(int subtask) {
            this.subtask = subtask;
        }

        static void reset() {
            LAYOUT_FINAL.set(false);
            FAILED.set(false);
            RECORDS_AFTER_RESTART.set(0);
        }

        @Override
        public void open(OpenContext context) {
            mine = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() == subtask;
            restarted = getRuntimeContext().getTaskInfo().getAttemptNumber() > 0;
        }

        @Override
        public String map(String value) {
            if (mine && restarted) {
                RECORDS_AFTER_RESTART.incrementAndGet();
            } else if (mine && recordsSinceArmed >= 0 && ++recordsSinceArmed >= 100
                    && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("induced failure of subtask " + subtask);
            }
            return value;
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {
            // no state: the function only watches the checkpoints go by
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            if (firstSnapshotAfterLayoutFinal < 0 && LAYOUT_FINAL.get()) {
                firstSnapshotAfterLayoutFinal = context.getCheckpointId();
            }
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            if (firstSnapshotAfterLayoutFinal >= 0 && checkpointId > firstSnapshotAfterLayoutFinal
                    && recordsSinceArmed < 0) {
                recordsSinceArmed = 0;
            }
        }
    }
}
