package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.standalone.admin.StreamAdmin;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Coordinated auto-scaling end to end: a burst larger than one worker can take makes the policy add
 * workers to the slow stage and segments to its input stream (and, as the job allows it, to the
 * source stream); once the backlog is gone both shrink back one worker at a time while events keep
 * coming. With no worker lost, the output is exactly the input: no event lost, none written twice.
 */
@EmbeddedCluster
class AutoScalingIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();

    @Test
    void everyEventComesOutExactlyOnceWhileStagesScaleUpAndDown() throws Exception {
        String in = tc.newStream("burst", 1);
        String out = tc.newStream("scaled", 1);
        // the reference's thresholds (0.40 / 1.95 mean queued events per worker), a short cool-down
        CoordinatedScalingPolicy policy = ScalingPolicy.coordinated().coolDownMillis(1_500).segmentsPerWorker(2, 3)
                .minWorkers(1).maxWorkers(4).build();
        Job job = threadManager.manager().execute(Pipeline.fromStream(in, Serializers.utf8())
                        .map(s -> s, Serializers.utf8()).named("pass")
                        .map(AutoScalingIT::slow, Serializers.utf8()).named("slow")
                        .writeToStream(out),
                JobOptions.builder().mode(Mode.STREAM).scalingPolicy(policy).scaleSourceStream(true)
                        .scalingInterval(Duration.ofMillis(300)).build());
        String slowInput = new JobNames(job.id()).dataStream(1);
        List<String> input = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean trickling = new AtomicBoolean(true);
        Thread trickle = new Thread(() -> {
            // 20 events/s one at a time, a fifth of what one slow worker takes: the queues stay short, so
            // the stage scales down while data flows
            try (EventStreamWriter<String> writer = tc.clientFactory().createEventWriter(in,
                    new UTF8StringSerializer(), EventWriterConfig.builder().build())) {
                for (int i = 0; trickling.get(); i++) {
                    String event = "t" + i;
                    writer.writeEvent(event).join();
                    input.add(event);
                    sleep(50);
                }
            }
        }, "trickle");
        try (StreamAdmin admin = new StreamAdmin(tc.controllerUri())) {
            await().atMost(Duration.ofMinutes(1)).until(() -> slowStage(job).workers() == 1
                    && admin.segments(tc.scope(), slowInput).size() == 3
                    && admin.segments(tc.scope(), in).size() == 3);
            trickle.start();

            // about 6 s of work for one worker arrives at once
            List<String> burst = IntStream.range(0, 600).mapToObj(i -> "x" + i).toList();
            tc.events().writeStrings(in, burst);
            input.addAll(burst);
            await().atMost(Duration.ofMinutes(1)).until(() -> slowStage(job).workers() >= 2
                    && admin.segments(tc.scope(), slowInput).size() >= 6);

            // the backlog is gone: the queues stay short, so the stage shrinks back to its minimum
            await().atMost(Duration.ofMinutes(1)).until(() -> slowStage(job).workers() == 1
                    && admin.segments(tc.scope(), slowInput).size() == 2);
            trickling.set(false);
            trickle.join();

            await().atMost(Duration.ofMinutes(1)).until(() -> tc.events().readSegments(out).size() >= input.size());
        } finally {
            trickling.set(false);
            job.cancel();
        }
        // read after the job stopped, so a late duplicate would be there too
        List<String> got = tc.events().readSegments(out).stream().sorted().toList();
        assertEquals(input.size(), got.size(), "as many events out as in");
        assertEquals(input.stream().map(s -> s + "#").sorted().toList(), got, "each event exactly once");
    }

    @Test
    void scalingTheSourceStreamOfABucketJobIsRefusedInOneLine() {
        String bucket = tc.newBucket("unscalable");
        JobDefinitionException e = assertThrows(JobDefinitionException.class, () -> threadManager.manager()
                .execute(Pipeline.fromBucketFolder(bucket, "in/", RecordFormat.lines(), Serializers.utf8())
                                .map(s -> s, Serializers.utf8()).writeToStream(tc.newStream("never", 1)),
                        JobOptions.builder().scalingPolicy(ScalingPolicy.coordinated().build())
                                .scaleSourceStream(true).build()));
        assertTrue(e.getMessage().startsWith("scaleSourceStream rescales the segments of a streaming job's source"
                + " stream; "), e.getMessage());
        assertTrue(e.getMessage().endsWith("mode has none: drop the option") && !e.getMessage().contains("\n"),
                e.getMessage());
    }

    private static StageMetrics slowStage(Job job) {
        List<StageMetrics> stages = job.status().stages();
        return stages.size() < 2 ? new StageMetrics(1, "slow", -1, -1, 0, 0, 0, 0, 0, 0, false, 0, 0, 0) : stages.get(1);
    }

    static String slow(String s) throws InterruptedException {
        Thread.sleep(10); // a worker takes at most 100 events/s
        return s + "#";
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
