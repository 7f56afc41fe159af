package io.xtremehub.faastream;

import static io.xtremehub.faastream.KeyedScalingIT.countStage;
import static io.xtremehub.faastream.KeyedScalingIT.keyOf;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An exactly-once reduce stage under the coordinated policy grows under a burst and shrinks back while
 * events keep coming; one of its workers is killed while the stage stops for a shrink, and the last one
 * right after the stage is back at one worker. Each result lists the ids of the events in its key's
 * window, and everything committed is checked, not a sample: every input id is in exactly one result.
 * Before the first kill, no key has two results for one window end: the resizes split no window. Each
 * result also carries its key's count of events so far, kept in {@link KeyedState}, and every count must
 * add up, across resizes that move keys between workers. Keys and their cost are {@link KeyedScalingIT}'s.
 */
@EmbeddedCluster
class ExactlyOnceKeyedScalingIT {
    private static final int BURST_BASE = 10_000_000;
    private static final Duration PHASE = Duration.ofSeconds(90);
    private static final Duration WINDOW = Duration.ofSeconds(1);
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();

    @Test
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    void aReduceStageResizesUpAndDownThroughKillsWithEveryEventInExactlyOneCommittedResult() throws Exception {
        String in = tc.newStream("eokeyed-in", 1);
        String out = tc.newStream("eokeyed-out", 1);
        // 4 segments per worker from the start: the reduce stage's input keeps 4, and its workers go 1 -> 2 or 4 -> 1
        CoordinatedScalingPolicy policy = ScalingPolicy.coordinated().coolDownMillis(1_500).segmentsPerWorker(4, 4)
                .minWorkers(1).maxWorkers(4).build();
        Job job = threadManager.manager().execute(Pipeline.fromStream(in, Serializers.utf8())
                        .map(s -> s, Serializers.utf8()).named("pass")
                        .reduce(KeyedScalingIT::slowKey, new KeyedCounts.Reducer(ExactlyOnceKeyedScalingIT::windowIds),
                                Serializers.utf8()).named("count")
                        .writeToStream(out),
                JobOptions.builder().mode(Mode.STREAM).exactlyOnce(true).transactionWindow(Duration.ofMillis(500))
                        .scalingPolicy(policy).window(WINDOW).scalingInterval(Duration.ofMillis(300)).build());
        AtomicInteger mostWorkers = new AtomicInteger();
        // about 4 s of work for one worker at once, numbered past the steady input's 1..n
        List<String> burst = IntStream.rangeClosed(1, 1_000).mapToObj(i -> Integer.toString(BURST_BASE + i)).toList();
        SteadyInput steady = null;
        long firstKill;
        try (StageSignals signals = new StageSignals(tc, job.id(), 1)) {
            awaitJob(job, "the first commit of the reduce stage", () -> countStage(job).workers() == 1
                    && countStage(job).epochsCommitted() > 0);
            steady = new SteadyInput(tc, in, 1_000_000, false, 5);
            tc.events().writeStrings(in, burst);
            awaitJob(job, "the reduce stage to grow", () -> {
                mostWorkers.accumulateAndGet(countStage(job).workers(), Math::max);
                return mostWorkers.get() >= 2;
            });
            // the first order to stop at a window end for a shrink: its worker dies before the resize commits
            long grown = System.currentTimeMillis();
            awaitJob(job, "a resize of the grown stage to begin", () -> signals.firstCommand(grown,
                    m -> m.type() == ControlMessage.Type.STOP && m.lastEpoch() > 0) >= 0);
            firstKill = System.currentTimeMillis();
            kill(running(job, stoppingSlot(signals, grown)));
            awaitJob(job, "the reduce stage back at one worker", () -> countStage(job).workers() == 1);
            // held a while, then its one worker is killed: a roll-back to the commit a resize restarted from
            await("the reduce stage to stay at one worker").during(Duration.ofSeconds(5)).atMost(PHASE)
                    .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                    .until(() -> countStage(job).workers() == 1);
            kill(running(job, "-s1w0-"));
            steady.close();
            int total = steady.written() + burst.size();
            try {
                awaitJob(job, "every event in a committed result", () -> ids(tc.events().readSegments(out)) >= total);
            } catch (ConditionTimeoutException e) {
                System.out.println("results missing; job status: " + job.status());
            }
        } finally {
            if (steady != null) {
                steady.close();
            }
            job.cancel();
        }
        List<String> input = new ArrayList<>(burst);
        IntStream.rangeClosed(1, steady.written()).mapToObj(Integer::toString).forEach(input::add);
        // read after the job stopped, so a late repeat would be there too
        check(tc.events().readSegments(out), input, firstKill);
        assertTrue(mostWorkers.get() >= 2, "the stage grew");
    }

    private static void check(List<String> results, List<String> input, long firstKill) {
        Map<String, Integer> times = new TreeMap<>();
        Map<String, Integer> perKeyAndWindow = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (String r : results) {
            String[] f = r.split(" ");
            for (String id : f[2].split(",")) {
                times.merge(id, 1, Integer::sum);
                if (!keyOf(id).equals(f[0]) && problems.size() < 5) {
                    problems.add(id + " in the window of key " + f[0]);
                }
            }
            if (Long.parseLong(f[1]) < firstKill) {
                perKeyAndWindow.merge(f[0] + " " + f[1], 1, Integer::sum);
            }
        }
        times.forEach((id, n) -> {
            if (n != 1 && problems.size() < 15) {
                problems.add(id + " is in " + n + " results");
            }
        });
        input.stream().filter(id -> !times.containsKey(id)).limit(10).forEach(id -> problems.add(id + " is missing"));
        perKeyAndWindow.forEach((keyAndWindow, n) -> {
            if (n != 1 && problems.size() < 20) {
                problems.add(n + " results for key and window end " + keyAndWindow + " before any kill");
            }
        });
        problems.addAll(countsThatDoNotAddUp(results));
        assertEquals(List.of(), problems, results.size() + " results for " + input.size() + " inputs");
        assertEquals(input.size(), times.size(), "every input id once");
        System.out.println("exactly-once keyed scaling: " + input.size() + " events in " + results.size()
                + " window results, each once");
    }

    /** Per key, its results' counts must add up ({@link KeyedCounts#violations}). */
    private static List<String> countsThatDoNotAddUp(List<String> results) {
        Map<String, List<KeyedCounts.Counted>> byKey = new TreeMap<>();
        for (String r : results) {
            String[] f = r.split(" ");
            byKey.computeIfAbsent(f[0], k -> new ArrayList<>())
                    .add(new KeyedCounts.Counted(Long.parseLong(f[3]), f[2].split(",").length));
        }
        return KeyedCounts.violations(byKey);
    }

    /**
     * "-s1wN-" for the slot whose worker got the first STOP for a resize seen since {@code since} (the thread
     * platform knows a worker restarted in place by its first id, the STOP names its current one).
     */
    private static String stoppingSlot(StageSignals signals, long since) {
        String[] target = new String[1];
        signals.firstCommand(since, m -> {
            if (target[0] == null && m.type() == ControlMessage.Type.STOP && m.lastEpoch() > 0) {
                target[0] = m.target();
            }
            return target[0] != null;
        });
        String worker = target[0];
        String withoutIncarnation = worker.substring(0, worker.lastIndexOf('-'));
        return withoutIncarnation.substring(withoutIncarnation.lastIndexOf('-')) + "-";
    }

    private static void kill(String worker) {
        assertTrue(threadManager.threads().kill(worker), "could not kill worker " + worker);
    }

    private static String running(Job job, String slot) {
        await("a running worker of " + slot).atMost(PHASE).until(() -> threadManager.threads().runningWorkers()
                .stream().anyMatch(w -> w.startsWith(job.id() + "-") && w.contains(slot)));
        return threadManager.threads().runningWorkers().stream()
                .filter(w -> w.startsWith(job.id() + "-") && w.contains(slot)).findFirst().orElseThrow();
    }

    private static void awaitJob(Job job, String what, BooleanSupplier condition) {
        await(what).atMost(PHASE).pollInterval(Duration.ofMillis(100))
                .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                .until(condition::getAsBoolean);
    }

    private static int ids(List<String> results) {
        return results.stream().mapToInt(r -> r.split(" ")[2].split(",").length).sum();
    }

    /**
     * "key windowEnd id,id,... count" for one key's group of one window, the count being the key's events
     * so far, kept in {@link KeyedState}: the resizes move keys between workers, and it must follow them.
     */
    static String windowIds(Group<String, String> g, long count) {
        return g.key() + " " + g.windowEnd() + " " + String.join(",", g.values()) + " " + count;
    }
}
