package io.xtremehub.flink.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.control.impl.ControllerImpl;
import io.pravega.client.control.impl.ControllerImplConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.Transaction;
import io.pravega.client.stream.TransactionalEventStreamWriter;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.xtremehub.flink.MiniClusters;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The sink on its own: both guarantees, routing keys, bad input, and transactions that expired. */
@EmbeddedCluster
class PravegaSinkIT {
    @Provided
    static TestCluster pravega;

    static final InMemoryReporter METRICS = InMemoryReporter.createWithRetainedMetrics();

    @RegisterExtension
    static final MiniClusterExtension FLINK = MiniClusters.fourSlots(METRICS.addToConfiguration(new Configuration()));

    private static StreamExecutionEnvironment env(int parallelism) {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(parallelism);
        env.enableCheckpointing(200);
        return env;
    }

    private static PravegaSinkBuilder<String> sink(String stream) {
        return PravegaSink.<String>builder()
                .setControllerUri(pravega.controllerUri())
                .setStream(TestCluster.SCOPE, stream)
                .setSerializer(new SimpleStringSchema());
    }

    @Test
    void bothGuaranteesWriteEveryRecord() throws Exception {
        List<String> records = IntStream.range(0, 2000).mapToObj(i -> "r" + i).toList();
        for (DeliveryGuarantee guarantee : DeliveryGuarantee.values()) {
            String stream = pravega.newStream("sink-" + guarantee.name().toLowerCase().replace('_', '-'), 2);
            StreamExecutionEnvironment env = env(2);
            env.fromData(records).sinkTo(sink(stream).setDeliveryGuarantee(guarantee).build());
            env.execute("sink " + guarantee);
            // exactly-once commits complete asynchronously in Pravega once the job has ended
            assertThat(awaitOutput(stream, records.size())).as(guarantee.name())
                    .containsExactlyInAnyOrderElementsOf(records);
        }
    }

    @Test
    void routingKeysKeepPerKeyOrder() throws Exception {
        String stream = pravega.newStream("routed", 3);
        // key k0..k9, sequence numbers increasing per key
        List<String> records = IntStream.range(0, 3000).mapToObj(i -> "k" + (i % 10) + ":" + i).toList();
        StreamExecutionEnvironment env = env(1);

        env.fromData(records).sinkTo(sink(stream).setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .setEventRouter(r -> r.substring(0, r.indexOf(':'))).build());
        env.execute("routed sink");

        List<String> read = awaitOutput(stream, records.size());
        assertThat(read).containsExactlyInAnyOrderElementsOf(records);
        Map<String, List<Integer>> perKey = read.stream().collect(Collectors.groupingBy(
                r -> r.substring(0, r.indexOf(':')),
                Collectors.mapping(r -> Integer.parseInt(r.substring(r.indexOf(':') + 1)), Collectors.toList())));
        assertThat(perKey).hasSize(10);
        perKey.values().forEach(seq -> assertThat(seq).isSortedAccordingTo(Comparator.naturalOrder()));
    }

    @Test
    void exactlyOnceSinkKeepsUpWhenCheckpointsTakeLongerThanTheirInterval() throws Exception {
        // On a loaded machine a checkpoint's own work can outlast the 200 ms interval: checkpoints
        // then run back to back and records pass only in the gaps. A map that takes 300 ms to
        // snapshot stands in for that load. A writer that waited there for Pravega (opening the
        // next transaction, setting up appends to its segments) passed a record or two per
        // checkpoint, one transaction each: 3,000 records took thousands of transactions.
        String stream = pravega.newStream("slow-checkpoints", 3);
        List<String> records = IntStream.range(0, 3000).mapToObj(i -> "k" + (i % 10) + ":" + i).toList();
        StreamExecutionEnvironment env = env(1);
        env.fromData(records).map(new SlowSnapshotMap(300)).sinkTo(sink(stream)
                .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .setEventRouter(r -> r.substring(0, r.indexOf(':'))).build());
        JobClient job = env.executeAsync("slow checkpoints");
        CompletableFuture<JobExecutionResult> result = job.getJobExecutionResult();
        int maxTransactions = 100;
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(500))
                .until(() -> result.isDone() || committables(job) > maxTransactions);
        if (!result.isDone()) {
            job.cancel().get();
        }
        assertThat(committables(job)).as("transactions committed for 3,000 records").isLessThanOrEqualTo(maxTransactions);
        result.get();
        assertThat(awaitOutput(stream, records.size())).containsExactlyInAnyOrderElementsOf(records);
    }

    /** Passes records on unchanged and takes {@code snapshotMillis} to snapshot, like a loaded task. */
    static final class SlowSnapshotMap extends RichMapFunction<String, String> implements CheckpointedFunction {
        private final long snapshotMillis;

        SlowSnapshotMap(long snapshotMillis) {
            this.snapshotMillis = snapshotMillis;
        }

        @Override
        public String map(String value) {
            return value;
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) throws InterruptedException {
            Thread.sleep(snapshotMillis);
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {
        }
    }

    // the transactions handed to the job's committer
    private static long committables(JobClient job) {
        long total = 0;
        for (var group : METRICS.getMetricsByGroup().entrySet()) {
            if (job.getJobID().toString().equals(group.getKey().getAllVariables().get("<job_id>"))
                    && group.getValue().get("totalCommittables") instanceof Counter counter) {
                total += counter.getCount();
            }
        }
        return total;
    }

    @Test
    void missingStreamFailsTheJobWithOneClearLine() {
        StreamExecutionEnvironment env = env(1);
        env.fromData("a", "b").sinkTo(sink("not-there").build());
        assertThatThrownBy(() -> env.execute("sink to nowhere"))
                .satisfies(e -> assertThat(messages(e)).anyMatch(m -> m.contains(
                        "Pravega stream 'xtremehub/not-there' does not exist on controller")));
    }

    @Test
    void unserializableRecordFailsTheJobAndNothingAfterItIsCommitted() throws Exception {
        String stream = pravega.newStream("badrecord", 1);
        StreamExecutionEnvironment env = env(1);
        SerializationSchema<String> picky = r -> {
            if (r.equals("poison")) {
                throw new IllegalArgumentException("cannot encode 'poison'");
            }
            return r.getBytes(StandardCharsets.UTF_8);
        };
        env.fromData("ok-1", "ok-2", "poison", "ok-3").sinkTo(PravegaSink.<String>builder()
                .setControllerUri(pravega.controllerUri()).setStream(TestCluster.SCOPE, stream)
                .setSerializer(picky).setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE).build());
        assertThatThrownBy(() -> env.execute("poison"))
                .satisfies(e -> assertThat(messages(e)).anyMatch(m -> m.startsWith(
                        "cannot serialize a record for Pravega stream xtremehub/" + stream)
                        && m.endsWith("cannot encode 'poison'")));
        // records of checkpoints completed before the poison may be committed, nothing after it
        assertThat(pravega.events().readSegments(stream)).isSubsetOf("ok-1", "ok-2").doesNotContain("ok-3");
    }

    @Test
    void committerCommitsRecoveredTransactionsAndReportsExpiredOnes() throws Exception {
        String stream = pravega.newStream("recovered", 1);
        PravegaSink<String> sink = sink(stream).setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .setTransactionTimeout(Duration.ofSeconds(10)).build();
        UUID[] txns = new UUID[2];
        try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(TestCluster.SCOPE,
                pravega.clientConfig());
             TransactionalEventStreamWriter<byte[]> writer = clients.createTransactionalEventWriter("crashed",
                     stream, new ByteArraySerializer(), sink.settings().writerConfig())) {
            for (int i = 0; i < 2; i++) {
                Transaction<byte[]> txn = writer.beginTxn();
                txn.writeEvent(("txn-" + i).getBytes(StandardCharsets.UTF_8));
                txn.flush();
                txns[i] = txn.getTxnId();
            }
        }
        // the writer that opened them is gone (a crashed job): the first is committed in time,
        // the second only after Pravega let it expire
        RecordingRequest fresh = new RecordingRequest(new PravegaCommittable(TestCluster.SCOPE, stream, txns[0]));
        try (Committer<PravegaCommittable> committer = sink.createCommitter(null)) {
            committer.commit(List.of(fresh));
        }
        assertThat(fresh.failure).isNull();
        await().atMost(Duration.ofSeconds(60)).until(() -> pravega.events().readSegments(stream).contains("txn-0"));

        RecordingRequest expired = new RecordingRequest(new PravegaCommittable(TestCluster.SCOPE, stream,
                txns[1]));
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1))
                .until(() -> statusOf(stream, txns[1]) != Transaction.Status.OPEN);
        try (Committer<PravegaCommittable> committer = sink.createCommitter(null)) {
            committer.commit(List.of(expired));
        }
        assertThat(expired.failure).hasMessageContaining("Pravega transaction " + txns[1])
                .hasMessageContaining("was aborted and cannot be committed: it outlived its timeout of 10000 ms");
        assertThat(pravega.events().readSegments(stream)).containsExactly("txn-0");
    }

    @Test
    void restoredWriterAbortsTheTransactionACrashedWriterLeftOpen() throws Exception {
        String stream = pravega.newStream("crashed", 1);
        PravegaSink<String> sink = sink(stream).setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE).build();
        UUID orphan;
        try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(TestCluster.SCOPE,
                pravega.clientConfig());
             TransactionalEventStreamWriter<byte[]> crashed = clients.createTransactionalEventWriter("crashed",
                     stream, new ByteArraySerializer(), sink.settings().writerConfig())) {
            Transaction<byte[]> txn = crashed.beginTxn();
            txn.writeEvent("after-the-checkpoint".getBytes(StandardCharsets.UTF_8));
            txn.flush();
            orphan = txn.getTxnId();
        }
        assertThat(statusOf(stream, orphan)).isEqualTo(Transaction.Status.OPEN);

        new TransactionalWriter<>(sink.settings(),
                new RecordEncoder<>(new SimpleStringSchema(), null, sink.settings().streamName()),
                UnregisteredMetricsGroup.createSinkWriterMetricGroup(), List.of(new PravegaWriterState(orphan)))
                .close();

        assertThat(statusOf(stream, orphan)).isIn(Transaction.Status.ABORTING, Transaction.Status.ABORTED);
        assertThat(pravega.events().readSegments(stream)).isEmpty();
    }

    // asks the controller directly: looking a transaction up through a writer would ping it alive
    private static Transaction.Status statusOf(String stream, UUID txn) {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        try (ControllerImpl controller = new ControllerImpl(ControllerImplConfig.builder()
                .clientConfig(pravega.clientConfig()).build(), executor)) {
            return controller.checkTransactionStatus(Stream.of(TestCluster.SCOPE, stream), txn).join();
        } finally {
            executor.shutdownNow();
        }
    }

    private static List<String> awaitOutput(String stream, int count) {
        await().atMost(Duration.ofMinutes(1)).until(() -> pravega.events().readSegments(stream).size() >= count);
        return pravega.events().readSegments(stream);
    }

    static List<String> messages(Throwable e) {
        List<String> out = new ArrayList<>();
        for (Throwable t = e; t != null; t = t.getCause()) {
            out.add(String.valueOf(t.getMessage()));
        }
        return out;
    }

    /** A commit request as Flink's committer operator hands it over, remembering the outcome. */
    static final class RecordingRequest implements Committer.CommitRequest<PravegaCommittable> {
        final PravegaCommittable committable;
        Throwable failure;

        RecordingRequest(PravegaCommittable committable) {
            this.committable = committable;
        }

        @Override public PravegaCommittable getCommittable() { return committable; }
        @Override public int getNumberOfRetries() { return 0; }
        @Override public void signalFailedWithKnownReason(Throwable t) { failure = t; }
        @Override public void signalFailedWithUnknownReason(Throwable t) { failure = t; }
        @Override public void retryLater() { }
        @Override public void updateAndRetryLater(PravegaCommittable c) { }
        @Override public void signalAlreadyCommitted() { }
    }
}
