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
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Exactly-once with reduce stages: streaming jobs whose keyed windows are open while their reduce
 * workers and map workers are killed mid-run. A reduce worker's open window is part of each epoch's
 * checkpoint, so after the roll-back every input element is in exactly one committed window result:
 * a WordCount with map-side combining counts every word exactly, and a reduce without combining
 * lists every input value exactly once. Without the restored window, the events it held before the
 * checkpoint are missing; without the roll-back, the lost reduce worker fails the job.
 */
@EmbeddedCluster
class ExactlyOnceReduceIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();
    private static final int EVENTS = 1_000;
    /** Slow enough that the kills below land while the input still flows, however busy the machine. */
    private static final int PER_SECOND = 25;
    private static final int KEYS = 7;
    private static final Duration WINDOW = Duration.ofSeconds(30);
    private static final String[] VOCABULARY = ("stream segment event reader writer scope tier function worker "
            + "pipeline shuffle reduce map batch bucket object routing key elastic window").split(" ");

    @Test
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    void aCombiningWordCountCountsEveryWordExactlyOnceAcrossKilledReduceAndMapWorkers() throws Exception {
        String in = tc.newStream("eor-wc-in", 2);
        String out = tc.newStream("eor-wc-out", 1);
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .flatMap(ExactlyOnceReduceIT::wordsOf, Serializers.utf8()).parallelism(2).named("split")
                .reduce(w -> w, Combiner.<String>counting(), (w, n) -> w + " " + n, Serializers.utf8())
                .parallelism(2).named("count")
                .writeToStream(out);
        Map<String, Long> expected = new TreeMap<>();
        for (int v = 1; v <= EVENTS; v++) {
            wordsOf(Integer.toString(v)).forEach(w -> expected.merge(w, 1L, Long::sum));
        }
        Job job = threadManager.manager().execute(p, options("eo-wordcount"));
        long words = expected.values().stream().mapToLong(Long::longValue).sum();
        // a count repeated would overshoot: wait for as many as the input has, then compare them all
        List<String> results = runWithKills(job, in, out,
                r -> sums(r).values().stream().mapToLong(Long::longValue).sum() >= words,
                r -> "counts " + sums(r) + ", expected " + expected);
        assertEquals(expected, sums(results), "every word counted exactly once in " + results.size() + " windows");
        assertRolledBack(job);
    }

    @Test
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    void aReduceWithoutCombiningPutsEveryValueInExactlyOneWindowAcrossKilledWorkers() throws Exception {
        String in = tc.newStream("eor-group-in", 2);
        String out = tc.newStream("eor-group-out", 1);
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(v -> v.trim(), Serializers.utf8()).parallelism(2).named("read")
                .reduce(ExactlyOnceReduceIT::keyOf,
                        g -> g.key() + ":" + String.join(",", g.values()), Serializers.utf8())
                .parallelism(2).named("group")
                .writeToStream(out);
        Job job = threadManager.manager().execute(p, options("eo-group"));
        List<String> results = runWithKills(job, in, out, r -> valueCounts(r).size() == EVENTS,
                ExactlyOnceReduceIT::groupViolations);
        assertEquals(List.of(), groupViolations(results), results.size() + " window results");
        assertRolledBack(job);
    }

    /**
     * A sort stage in a stream: the events it collected for its open window are saved with each
     * epoch like a reduce's, so every value comes out exactly once, and each window's output is in
     * order (descending here, against the ascending input: one sorter, so runs are whole windows).
     */
    @Test
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    void aSortInAStreamEmitsEveryValueOnceInOrderAcrossKilledSortAndMapWorkers() throws Exception {
        String in = tc.newStream("eor-sort-in", 2);
        String out = tc.newStream("eor-sort-out", 1);
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(v -> v.trim(), Serializers.utf8()).parallelism(2).named("read")
                .sortBy(SortOrder.byKey(ExactlyOnceReduceIT::descending)).parallelism(1).named("sort")
                .writeToStream(out);
        Job job = threadManager.manager().execute(p, options("eo-sort"));
        List<String> results = runWithKills(job, in, out, r -> r.stream().distinct().count() == EVENTS,
                r -> r.size() + " results, " + r.stream().distinct().count() + " distinct");
        Map<String, Long> counts = results.stream().collect(Collectors.groupingBy(v -> v, TreeMap::new,
                Collectors.counting()));
        assertEquals(EVENTS, counts.size(), "every value");
        assertEquals(List.of(), counts.entrySet().stream().filter(e -> e.getValue() != 1).toList(), "each once");
        int ascents = 0;
        for (int i = 1; i < results.size(); i++) {
            if (descending(results.get(i)) < descending(results.get(i - 1))) {
                ascents++;
            }
        }
        // one new run per window (30 s) and per roll-back: a handful over the run, never hundreds
        assertTrue(ascents <= 12, ascents + " times the output order restarts: windows were not sorted");
        // the policy's 2 workers do not apply to a sort: a second sorter would split each window in two runs
        assertEquals(1, job.status().stages().get(1).workers(), "sorters: " + job.status().stages().get(1));
        assertRolledBack(job);
    }

    static long descending(String value) {
        return -Long.parseLong(value.trim());
    }

    /** What breaks exactly-once in the group results: a value missing, repeated or under another key. */
    private static List<String> groupViolations(List<String> results) {
        List<String> problems = new ArrayList<>();
        for (String r : results) {
            String key = r.substring(0, r.indexOf(':'));
            for (String v : r.substring(r.indexOf(':') + 1).split(",")) {
                if (!keyOf(v).equals(key) && problems.size() < 5) {
                    problems.add("value " + v + " in the window of key " + key);
                }
            }
        }
        Map<Integer, Long> counts = valueCounts(results);
        for (int v = 1; v <= EVENTS && problems.size() < 15; v++) {
            long n = counts.getOrDefault(v, 0L);
            if (n != 1) {
                problems.add("value " + v + " is in " + n + " window results");
            }
        }
        return problems;
    }

    /**
     * Feeds 1..EVENTS while killing the first reduce slot's worker once the reducers have read
     * events and committed a checkpoint after them, then a map worker, then the reduce slot's
     * successor (which had restored a window by then); waits until the committed output is
     * {@code complete}, cancels the job and returns everything committed.
     */
    private static List<String> runWithKills(Job job, String in, String out, Function<List<String>, Boolean> complete,
                                             Function<List<String>, Object> diagnosis) throws Exception {
        try (SteadyInput input = new SteadyInput(tc, in, EVENTS, false, PER_SECOND)) {
            await("the reducers to read partials or events").atMost(Duration.ofMinutes(2))
                    .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                    .until(() -> job.status().stages().size() > 1 && job.status().stages().get(1).eventsIn() > 0);
            awaitCommits(job, 1, job.status().stages().get(1).epochsCommitted() + 1);
            String first = kill(job, "-s1w0-");
            await("a successor of " + first).atMost(Duration.ofMinutes(2))
                    .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                    .until(() -> running(job, "-s1w0-").stream().anyMatch(w -> !w.equals(first)));
            long committed = job.status().stages().get(1).epochsCommitted();
            awaitCommits(job, 1, committed + 2);
            kill(job, "-s0w1-");
            awaitCommits(job, 1, committed + 4);
            kill(job, "-s1w0-");
            input.assertFinished();
            try {
                await("every input element in the committed output").atMost(WINDOW.multipliedBy(2).plusMinutes(3))
                        .pollInterval(Duration.ofSeconds(2))
                        .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                        .until(() -> complete.apply(tc.events().readAllStrings(out, Duration.ofMinutes(1))));
            } catch (ConditionTimeoutException e) {
                throw new AssertionError("input elements are missing from the committed output: "
                        + diagnosis.apply(tc.events().readAllStrings(out, Duration.ofMinutes(1))), e);
            }
        } finally {
            job.cancel();
        }
        return tc.events().readAllStrings(out, Duration.ofMinutes(1));
    }

    private static void assertRolledBack(Job job) {
        StageMetrics map = job.status().stages().get(0);
        StageMetrics reduce = job.status().stages().get(1);
        assertTrue(reduce.rollBacks() >= 2, "both reduce kills rolled the stage back: " + reduce);
        assertTrue(map.rollBacks() >= 1, "the map kill rolled its stage back: " + map);
    }

    private static void awaitCommits(Job job, int stage, long epochs) {
        await("stage " + stage + " to commit " + epochs + " epochs").atMost(Duration.ofMinutes(2))
                .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                .until(() -> job.status().stages().size() > stage
                        && job.status().stages().get(stage).epochsCommitted() >= epochs);
    }

    private static List<String> running(Job job, String slot) {
        return threadManager.threads().runningWorkers().stream()
                .filter(w -> w.startsWith(job.id() + "-") && w.contains(slot)).toList();
    }

    private static String kill(Job job, String slot) {
        String victim = running(job, slot).stream().reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("no running worker of slot " + slot + ": "
                        + threadManager.threads().runningWorkers()));
        assertTrue(threadManager.threads().kill(victim), "could not kill worker " + victim);
        return victim;
    }

    /**
     * Windows far longer than the transaction windows, and than the kills below take: every kill
     * then comes while the reducers hold a window whose events were read before the committed
     * checkpoint, so a roll-back that did not restore it would lose them. (With windows as short as
     * the epochs, a checkpoint tends to follow a window's end and find nothing held.)
     */
    private static JobOptions options(String name) {
        return JobOptions.builder().mode(Mode.STREAM).exactlyOnce(true).scalingPolicy(ScalingPolicy.fixed(2))
                .transactionWindow(Duration.ofMillis(500)).window(WINDOW).name(name).build();
    }

    /** Five words chosen by the value: a line of the WordCount's input. */
    static List<String> wordsOf(String value) {
        long v = Long.parseLong(value.trim());
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            words.add(VOCABULARY[(int) ((v * 7 + i * 13) % VOCABULARY.length)]);
        }
        return words;
    }

    static String keyOf(String value) {
        return "k" + Long.parseLong(value) % KEYS;
    }

    private static Map<String, Long> sums(List<String> results) {
        Map<String, Long> sums = new TreeMap<>();
        for (String r : results) {
            String[] kv = r.split(" ");
            sums.merge(kv[0], Long.parseLong(kv[1]), Long::sum);
        }
        return sums;
    }

    private static Map<Integer, Long> valueCounts(List<String> results) {
        return results.stream().flatMap(r -> List.of(r.substring(r.indexOf(':') + 1).split(",")).stream())
                .collect(Collectors.groupingBy(Integer::parseInt, Collectors.counting()));
    }
}
