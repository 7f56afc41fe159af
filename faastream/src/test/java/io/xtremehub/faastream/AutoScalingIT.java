package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.standalone.admin.StreamAdmin;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Coordinated auto-scaling (reference section 6.3.3 / 6.4.4) end to end: a burst larger than one
 * worker can take makes QueueScalingPolicy add workers to the slow stage and segments to its input
 * stream; once the backlog is gone both shrink back, one worker at a time, and no event is lost.
 */
@EmbeddedCluster
class AutoScalingIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();
    @Test
    void aSlowStageGetsMoreWorkersAndSegmentsUnderLoadAndFewerWhenItIsGone() throws Exception {
        String in = tc.newStream("burst", 1);
        String out = tc.newStream("scaled", 1);
        // the reference's thresholds (0.40 / 1.95 mean queued events per worker), a short cool-down
        QueueScalingPolicy policy = ScalingPolicy.queueBased().coolDownMillis(1_500).partitionsPerWorker(2)
                .minWorkers(1).maxWorkers(4).build();
        Job job = threadManager.manager().execute(Pipeline.fromStream(in, Serializers.utf8())
                        .map(s -> s, Serializers.utf8()).named("pass")
                        .map(AutoScalingIT::slow, Serializers.utf8()).named("slow")
                        .writeToStream(out),
                JobOptions.builder().mode(Mode.STREAM).scalingPolicy(policy)
                        .scalingInterval(Duration.ofMillis(300)).build());
        String slowInput = new JobNames(job.id()).dataStream(1);
        try (StreamAdmin admin = new StreamAdmin(tc.controllerUri())) {
            await().atMost(Duration.ofMinutes(1)).until(() -> slowStage(job).workers() == 1
                    && admin.segments(tc.scope(), slowInput).size() == 2);

            // about 10 s of work for one worker arrives at once
            List<String> input = IntStream.range(0, 1_000).mapToObj(i -> "x" + i).toList();
            tc.events().writeStrings(in, input);
            await().atMost(Duration.ofMinutes(2)).until(() -> slowStage(job).workers() >= 2
                    && slowStage(job).partitions() >= 4 && admin.segments(tc.scope(), slowInput).size() >= 4);

            Set<String> got = new HashSet<>(tc.events().readStrings(out, input.size(), Duration.ofMinutes(2)));
            assertEquals(new HashSet<>(input.stream().map(s -> s + "#").toList()), got,
                    "every event of the burst is processed while the stage scales");

            // the backlog is gone: the queues stay empty, so the stage shrinks back to its minimum
            await().atMost(Duration.ofMinutes(2)).until(() -> slowStage(job).workers() == 1
                    && slowStage(job).partitions() == 2 && admin.segments(tc.scope(), slowInput).size() == 2);
        } finally {
            job.cancel();
        }
    }

    private static StageMetrics slowStage(Job job) {
        List<StageMetrics> stages = job.status().stages();
        return stages.size() < 2 ? new StageMetrics(1, "slow", -1, -1, 0, 0, 0, 0, 0, 0, false, 0, 0) : stages.get(1);
    }

    static String slow(String s) throws InterruptedException {
        Thread.sleep(10); // a worker takes at most 100 events/s
        return s + "#";
    }
}
