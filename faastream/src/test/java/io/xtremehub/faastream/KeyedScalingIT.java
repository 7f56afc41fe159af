package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A reduce stage under the coordinated policy grows under a burst and shrinks back while events keep
 * coming, at-least-once with no worker lost: every key has at most one result per window (no window
 * split between two workers, before, during or after a resize) and its results add up to exactly its
 * events in the input (none lost, none counted twice).
 */
@EmbeddedCluster
class KeyedScalingIT {
    static final int KEYS = 8;
    private static final int BURST_BASE = 10_000_000;
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();

    @Test
    void aReduceStageScalesUpAndDownWithOneResultPerKeyAndWindowAndNothingLost() throws Exception {
        String in = tc.newStream("keyed-in", 1);
        String out = tc.newStream("keyed-out", 1);
        // 4 segments per worker from the start: the reduce stage's input keeps 4, and its workers go 1 -> 2 or 4 -> 1
        CoordinatedScalingPolicy policy = ScalingPolicy.coordinated().coolDownMillis(1_500).segmentsPerWorker(4, 4)
                .minWorkers(1).maxWorkers(4).build();
        Job job = threadManager.manager().execute(Pipeline.fromStream(in, Serializers.utf8())
                        .map(s -> s, Serializers.utf8()).named("pass")
                        .reduce(KeyedScalingIT::slowKey, KeyedScalingIT::windowCount, Serializers.utf8()).named("count")
                        .writeToStream(out),
                JobOptions.builder().mode(Mode.STREAM).scalingPolicy(policy).window(Duration.ofSeconds(1))
                        .scalingInterval(Duration.ofMillis(300)).build());
        AtomicInteger mostWorkers = new AtomicInteger();
        // about 4 s of work for one worker at once, numbered past the steady input's 1..n
        List<String> burst = IntStream.rangeClosed(1, 1_000).mapToObj(i -> Integer.toString(BURST_BASE + i)).toList();
        // 5 events/s, a fiftieth of what one worker takes, so the stage shrinks while data flows. The stage
        // before hands them on in one pack per window, which shows as a short queue at every window start:
        // at 25 events/s that queue made the policy scale 2 -> 4 again now and then
        SteadyInput steady = null;
        try {
            await().atMost(Duration.ofMinutes(1)).until(() -> countStage(job).workers() == 1);
            steady = new SteadyInput(tc, in, 1_000_000, false, 5);
            tc.events().writeStrings(in, burst);
            await("the reduce stage to grow").atMost(Duration.ofMinutes(1)).until(() -> {
                mostWorkers.accumulateAndGet(countStage(job).workers(), Math::max);
                return mostWorkers.get() >= 2;
            });
            // held a while: while a resize's old workers finish one by one, the count passes through 1
            await("the reduce stage to shrink back").during(Duration.ofSeconds(5)).atMost(Duration.ofMinutes(1))
                    .until(() -> countStage(job).workers() == 1);
            steady.close();
            int total = steady.written() + burst.size();
            await("every event counted").atMost(Duration.ofMinutes(1))
                    .until(() -> counted(tc.events().readSegments(out)) >= total);
        } finally {
            if (steady != null) {
                steady.close();
            }
            job.cancel();
        }
        List<String> input = new ArrayList<>(burst);
        IntStream.rangeClosed(1, steady.written()).mapToObj(Integer::toString).forEach(input::add);
        // read after the job stopped, so a late extra result would be there too
        List<String> results = tc.events().readSegments(out);
        Map<String, Integer> perKey = new TreeMap<>();
        Map<String, Integer> perKeyAndWindow = new HashMap<>();
        for (String r : results) {
            String[] f = r.split(" ");
            perKey.merge(f[0], Integer.parseInt(f[2]), Integer::sum);
            perKeyAndWindow.merge(f[0] + " " + f[1], 1, Integer::sum);
        }
        perKeyAndWindow.forEach((keyAndWindow, n) -> assertEquals(1, n, "results for key and window end " + keyAndWindow));
        Map<String, Integer> expected = new TreeMap<>();
        input.forEach(e -> expected.merge(keyOf(e), 1, Integer::sum));
        assertEquals(expected, perKey, "each key's windows add up to its events in the input");
        assertTrue(mostWorkers.get() >= 2, "the stage grew");
    }

    /**
     * A sort keeps the one sorter its pipeline gives it under a policy that asks for two workers: each
     * sorter emits its share of a window as one ordered run, so a second one would split every window.
     */
    @Test
    void aSortKeepsItsSorterUnderAPolicyOfTwoWorkersAndEmitsEveryValueOnce() throws Exception {
        String in = tc.newStream("sort-in", 2);
        String out = tc.newStream("sort-out", 1);
        Job job = threadManager.manager().execute(Pipeline.fromStream(in, Serializers.utf8())
                        .map(s -> s, Serializers.utf8()).named("pass")
                        .sortBy(SortOrder.byKey(ExactlyOnceReduceIT::descending)).parallelism(1).named("sort")
                        .writeToStream(out),
                JobOptions.builder().mode(Mode.STREAM).scalingPolicy(ScalingPolicy.fixed(2))
                        .window(Duration.ofSeconds(1)).scalingInterval(Duration.ofMillis(300)).build());
        AtomicInteger mostSorters = new AtomicInteger();
        int events = 300;
        try (SteadyInput input = new SteadyInput(tc, in, events, false, 30)) {
            // the policy would have resized the sort well within these 10 s
            await("every value sorted out").atMost(Duration.ofMinutes(2)).until(() -> {
                mostSorters.accumulateAndGet(countStage(job).workers(), Math::max);
                return tc.events().readSegments(out).size() >= events;
            });
            input.assertFinished();
        } finally {
            job.cancel();
        }
        List<String> results = tc.events().readSegments(out);
        assertEquals(IntStream.rangeClosed(1, events).mapToObj(Integer::toString).sorted().toList(),
                results.stream().map(String::trim).sorted().toList(), "every value once");
        assertEquals(1, mostSorters.get(), "sorters at most; the stage now: " + countStage(job));
    }

    private static int counted(List<String> results) {
        return results.stream().mapToInt(r -> Integer.parseInt(r.split(" ")[2])).sum();
    }

    /** The job's second stage, or a placeholder before the job reports it. */
    static StageMetrics countStage(Job job) {
        List<StageMetrics> stages = job.status().stages();
        return stages.size() < 2 ? new StageMetrics(1, "count", -1, -1, 0, 0, 0, 0, 0, 0, false, 0, 0, 0) : stages.get(1);
    }

    /** The key of a number: one of {@link #KEYS}, slowly (a worker takes about 250 events/s). */
    static String slowKey(String event) {
        LockSupport.parkNanos(4_000_000);
        return keyOf(event);
    }

    static String keyOf(String event) {
        return "k" + Long.parseLong(event) % KEYS;
    }

    /** "key windowEnd count" for one key's group of one window. */
    static String windowCount(Group<String, String> g) {
        return g.key() + " " + g.windowEnd() + " " + g.values().size();
    }
}
