package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.standalone.admin.StreamAdmin;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Coordinated auto-scaling of an exactly-once job. A burst larger than one slow worker can take
 * makes the policy add workers to the slow stage, a trickle lets it shrink back, and a second burst
 * adds the removed slots again; the user's source stream is split by the policy. A worker is killed right after the scale-up and another right after the scale-down. Checked on
 * everything committed, not a sample: every input event comes out exactly once, and the slow
 * stage's per-slot {@code @State} (a lineage id and a count) goes on across every resize and
 * roll-back: each lineage counts 1, 2, 3... with no gap or repeat, and there are no more lineages
 * than slots ever ran (a slot that lost its state at a resize, or came back without the state it
 * had when removed, would start a new one).
 */
@EmbeddedCluster
class ExactlyOnceScalingIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();
    private static final Duration PHASE = Duration.ofSeconds(90);

    private final String in = tc.newStream("eos-in", 1);
    private final String out = tc.newStream("eos-out", 1);
    private final List<String> input = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger maxWorkers = new AtomicInteger();
    private final AtomicInteger bursts = new AtomicInteger();

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void scalesUpAndDownAtCommitsThroughKillsWithEveryEventOnceAndStateCarriedOn() throws Exception {
        // a short cool-down so that the run takes up, down and up again in a minute or so
        CoordinatedScalingPolicy policy = ScalingPolicy.coordinated().coolDownMillis(2_000)
                .segmentsPerWorker(2, 3).minWorkers(1).maxWorkers(3).build();
        Job job = threadManager.manager().execute(Pipeline.fromStream(in, Serializers.utf8())
                        .map(s -> s, Serializers.utf8()).named("pass")
                        .map(new SlowCount(), Serializers.utf8()).named("slow")
                        .writeToStream(out),
                JobOptions.builder().mode(Mode.STREAM).exactlyOnce(true).transactionWindow(Duration.ofMillis(500))
                        .scalingPolicy(policy).scaleSourceStream(true).scalingInterval(Duration.ofMillis(300))
                        .build());
        AtomicBoolean trickling = new AtomicBoolean(true);
        AtomicBoolean watching = new AtomicBoolean(true);
        Thread trickle = new Thread(() -> trickle(trickling), "trickle");
        // watches until the job is cancelled: the stage may still grow while it works off the last burst
        Thread watch = new Thread(() -> {
            while (watching.get()) {
                maxWorkers.accumulateAndGet(slowWorkers(job), Math::max);
                sleep(20);
            }
        }, "watch-workers");
        try (StreamAdmin admin = new StreamAdmin(tc.controllerUri())) {
            watch.start();
            awaitJob(job, "the first commits of the slow stage", () -> slowStage(job) != null
                    && slowStage(job).epochsCommitted() > 0);
            trickle.start();
            awaitJob(job, "the source stream split by the policy", () -> admin.segments(tc.scope(), in).size() > 1);
            burst(600);
            awaitJob(job, "more workers after the first burst", () -> slowWorkers(job) >= 2);
            // the slot the resize added, as soon as it runs: a roll-back to the resize's commit
            kill(job, "-s1w1-");
            awaitJob(job, "back to one worker", () -> slowWorkers(job) == 1);
            kill(job, "-s1w0-");
            burst(300);
            // the removed slots come back with the state they had
            awaitJob(job, "more workers after the second burst", () -> slowWorkers(job) >= 2);
            trickling.set(false);
            trickle.join();
            try {
                awaitJob(job, "a committed result per input event", () -> tc.events().readSegments(out).size() >= input.size());
            } catch (ConditionTimeoutException e) {
                // lost events, or a stage that stopped committing: say which
                System.out.println("results missing; job status: " + job.status());
                check();
                throw e;
            }
        } finally {
            trickling.set(false);
            job.cancel();
            watching.set(false);
            watch.join();
        }
        check();
    }

    /** 20 events/s, a fifth of what one slow worker takes: the stage shrinks while data flows. */
    private void trickle(AtomicBoolean trickling) {
        try (EventStreamWriter<String> writer = tc.clientFactory().createEventWriter(in, new UTF8StringSerializer(),
                EventWriterConfig.builder().build())) {
            for (int i = 0; trickling.get(); i++) {
                writer.writeEvent("t" + i).join();
                input.add("t" + i);
                sleep(50);
            }
        }
    }

    /** Everything committed, read after the job stopped, so a late repeat would be there too. */
    private void check() {
        List<String> got = tc.events().readSegments(out);
        Map<String, Integer> times = new TreeMap<>();
        Map<String, List<Long>> lineages = new HashMap<>();
        for (String r : got) {
            String[] p = r.split(":");
            times.merge(p[0], 1, Integer::sum);
            lineages.computeIfAbsent(p[1], k -> new ArrayList<>()).add(Long.parseLong(p[2]));
        }
        List<String> problems = new ArrayList<>();
        times.forEach((v, n) -> {
            if (n != 1 && problems.size() < 10) {
                problems.add(v + " came out " + n + " times");
            }
        });
        input.stream().filter(v -> !times.containsKey(v)).limit(10).forEach(v -> problems.add(v + " is missing"));
        lineages.forEach((id, counts) -> {
            List<Long> sorted = counts.stream().sorted().toList();
            List<Long> expected = IntStream.rangeClosed(1, counts.size()).mapToObj(i -> (long) i).toList();
            if (!sorted.equals(expected)) {
                problems.add("lineage " + id + " counted " + summary(sorted));
            }
        });
        assertEquals(List.of(), problems, got.size() + " results for " + input.size() + " inputs");
        assertEquals(input.size(), got.size(), "as many results as inputs");
        assertTrue(lineages.size() <= maxWorkers.get(), lineages.size() + " state lineages, but at most "
                + maxWorkers + " slots ran: a resize lost a slot's state");
        System.out.println("exactly-once scaling: " + got.size() + " results, each once; " + lineages.size()
                + " state lineages, up to " + maxWorkers + " slow workers");
    }

    private void burst(int events) {
        int b = bursts.getAndIncrement();
        List<String> batch = IntStream.range(0, events).mapToObj(i -> "b" + b + "x" + i).toList();
        tc.events().writeStrings(in, batch);
        input.addAll(batch);
    }

    private static StageMetrics slowStage(Job job) {
        List<StageMetrics> stages = job.status().stages();
        return stages.size() < 2 ? null : stages.get(1);
    }

    private static int slowWorkers(Job job) {
        StageMetrics slow = slowStage(job);
        return slow == null ? 0 : slow.workers();
    }

    private static void awaitJob(Job job, String what, BooleanSupplier condition) {
        await(what).atMost(PHASE).pollInterval(Duration.ofMillis(100))
                .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                .until(condition::getAsBoolean);
    }

    private static void kill(Job job, String slot) {
        await("a running worker of " + slot).atMost(PHASE).until(() -> !running(job, slot).isEmpty());
        String victim = running(job, slot).get(0);
        assertTrue(threadManager.threads().kill(victim), "could not kill worker " + victim);
    }

    private static List<String> running(Job job, String slot) {
        return threadManager.threads().runningWorkers().stream()
                .filter(w -> w.startsWith(job.id() + "-") && w.contains(slot)).toList();
    }

    private static String summary(List<Long> sorted) {
        return sorted.size() <= 12 ? sorted.toString() : sorted.subList(0, 6) + " ... "
                + sorted.subList(sorted.size() - 6, sorted.size()) + " (" + sorted.size() + " results)";
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Takes 10 ms an event; counts the events its slot processed under a lineage id, both @State. */
    static final class SlowCount implements Transformer<String, String> {
        @State
        private String lineage;
        @State
        private long count;

        @Override
        public String apply(String value) throws InterruptedException {
            Thread.sleep(10);
            if (lineage == null) {
                lineage = UUID.randomUUID().toString();
            }
            count++;
            return value + ":" + lineage + ":" + count;
        }
    }
}
