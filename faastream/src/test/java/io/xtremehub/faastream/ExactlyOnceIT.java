package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.platform.LocalProcessPlatform;
import io.xtremehub.faastream.testkit.ObjectStores;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Exactly-once (reference section 6.3.5, Algorithms 2 and 3) end to end: a running sum kept in a
 * {@link State} field over a steady stream of integers, with workers crashed mid-run. Every result
 * reads {@code value:sum}; the job is exactly-once when each value appears once and the sums chain
 * (each is the previous one plus its value), ending at the failure-free total. The same crash run
 * at-least-once breaks that, which shows the check can fail.
 */
@EmbeddedCluster
class ExactlyOnceIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();
    static final int EVENTS = 1_000;
    private static final long TOTAL = (long) EVENTS * (EVENTS + 1) / 2;
    private static final Duration RESULTS_WAIT = Duration.ofMinutes(3);

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void aRunningSumSurvivesCrashedWorkersExactlyOnce() throws Exception {
        String in = tc.newStream("eo-in", 2);
        String out = tc.newStream("eo-out", 1);
        Job job = threadManager.manager().execute(runningSum(in, out), exactlyOnce(true));
        List<String> results = resultsOf(job, in, out, j -> crashTwice(j, 0, "-s0w0-", Workers.threads()));
        assertEquals(List.of(), violations(results), "exactly once: " + summary(results));
        // each crash rolled the stage back
        StageMetrics sum = job.status().stages().get(0);
        assertTrue(sum.epochsCommitted() > 0, sum.toString());
        assertTrue(sum.rollBacks() >= 2, "each crash rolled the stage back: " + sum);
    }

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void twoStagesRollBackIndependentlyAndStayExactlyOnce() throws Exception {
        String in = tc.newStream("eo2-in", 2);
        String out = tc.newStream("eo2-out", 1);
        Job job = threadManager.manager().execute(Pipeline.fromStream(in, Serializers.utf8())
                .map(ExactlyOnceIT::checked, Serializers.utf8()).parallelism(2).named("check")
                .map(new RunningSum(), Serializers.utf8()).named("sum").writeToStream(out), exactlyOnce(true));
        List<String> results = resultsOf(job, in, out, j -> {
            awaitOutput(j, 0, EVENTS / 5);
            kill(Workers.threads(), "-s0w1-");
            crashTwice(j, 1, "-s1w0-", Workers.threads());
        });
        assertEquals(List.of(), violations(results), "exactly once across two stages: " + summary(results));
        // each crash rolled its own stage back once, and only its stage: one roll-back of the first, two of the
        // second, in the status and on the manager's metrics endpoint alike
        List<StageMetrics> stages = job.status().stages();
        assertEquals(List.of(1L, 2L), List.of(stages.get(0).rollBacks(), stages.get(1).rollBacks()),
                "roll-backs of each stage: " + stages);
        String scraped = scrape();
        assertEquals(List.of("1.0", "2.0"),
                List.of(rollBacksScraped(scraped, job, 0), rollBacksScraped(scraped, job, 1)),
                "faastream_stage_roll_backs_total of each stage: " + scraped);
    }

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void killedWorkerProcessesRecoverExactlyOnce() throws Exception {
        LocalProcessPlatform processes = LocalProcessPlatform.builder().logDir(Path.of("target", "worker-logs")).build();
        try (Manager procManager = Manager.builder().controllerUri(tc.controllerUri()).objectStore(ObjectStores.of(tc))
                .platform(processes).build()) {
            String in = tc.newStream("eop-in", 2);
            String out = tc.newStream("eop-out", 1);
            Job job = procManager.execute(runningSum(in, out), exactlyOnce(true));
            Workers jvms = new Workers(processes::runningWorkers,
                    id -> ProcessHandle.of(processes.pidOf(id)).map(ProcessHandle::destroyForcibly).orElse(false));
            List<String> results = resultsOf(job, in, out, j -> crashTwice(j, 0, "-s0w0-", jvms));
            assertEquals(List.of(), violations(results), "exactly once with killed JVMs: " + summary(results));
        }
    }

    /** The same crashes without exactly-once: results repeat or the sum restarts, so the check above fails. */
    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void theSameCrashesAtLeastOnceBreakTheGuarantee() throws Exception {
        String in = tc.newStream("alo-in", 2);
        String out = tc.newStream("alo-out", 1);
        Job job = threadManager.manager().execute(runningSum(in, out), exactlyOnce(false));
        List<String> results = resultsOf(job, in, out, j -> crashTwice(j, 0, "-s0w0-", Workers.threads()));
        System.out.println("at-least-once after two crashes: " + summary(results) + "; " + violations(results));
        assertFalse(violations(results).isEmpty(), "at-least-once after crashes should repeat results or lose "
                + "the running sum, but looked exactly-once: " + summary(results));
    }

    private static JobOptions exactlyOnce(boolean on) {
        return JobOptions.builder().mode(Mode.STREAM).exactlyOnce(on).transactionWindow(Duration.ofMillis(500))
                .name(on ? "eo-sum" : "alo-sum").build();
    }

    /** The single-stage job most tests run: a running sum of the values in {@code in}, written to {@code out}. */
    private static Pipeline<String> runningSum(String in, String out) {
        return Pipeline.fromStream(in, Serializers.utf8())
                .map(new RunningSum(), Serializers.utf8()).named("sum").writeToStream(out);
    }

    /**
     * Feeds 1..EVENTS into the running job while {@code crashes} kills its workers, waits for a result
     * per value, cancels the job and returns all it wrote (the job is cancelled even when a step fails).
     */
    private static List<String> resultsOf(Job job, String in, String out, Consumer<Job> crashes) throws Exception {
        try (SteadyInput input = new SteadyInput(tc, in, EVENTS, false)) {
            crashes.accept(job);
            awaitEveryValue(out, job);
            input.assertFinished();
        } finally {
            job.cancel();
        }
        return tc.events().readAllStrings(out, Duration.ofMinutes(1));
    }

    /** Crashes the slot's worker once it has produced results, then its successor once that one has too. */
    private static void crashTwice(Job job, int stage, String slot, Workers workers) {
        awaitOutput(job, stage, EVENTS / 4);
        String first = kill(workers, slot);
        await("a successor of " + first).atMost(Duration.ofMinutes(2))
                .until(() -> workers.running().get().stream().anyMatch(w -> w.contains(slot) && !w.equals(first)));
        awaitOutput(job, stage, EVENTS / 2);
        kill(workers, slot);
    }

    private static String kill(Workers workers, String slot) {
        Supplier<List<String>> running = workers.running();
        String victim = running.get().stream().filter(w -> w.contains(slot)).reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("no running worker of slot " + slot + ": " + running.get()));
        assertTrue(workers.killer().test(victim), "could not kill worker " + victim);
        return victim;
    }

    private static void awaitOutput(Job job, int stage, long events) {
        await("stage " + stage + " to produce " + events + " results").atMost(Duration.ofMinutes(2))
                .until(() -> job.status().stages().size() > stage && job.status().stages().get(stage).eventsOut() >= events);
    }

    /** Waits until every input value has a committed result (repeats are checked afterwards). */
    private static void awaitEveryValue(String out, Job job) {
        await("a result for each of the " + EVENTS + " values in " + out).atMost(RESULTS_WAIT)
                .pollInterval(Duration.ofSeconds(2))
                .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                .until(() -> values(tc.events().readAllStrings(out, Duration.ofMinutes(1))).size() == EVENTS);
    }

    private static Map<Long, Integer> values(List<String> results) {
        Map<Long, Integer> counts = new HashMap<>();
        for (String r : results) {
            counts.merge(Long.parseLong(r.split(":")[0]), 1, Integer::sum);
        }
        return counts;
    }

    /**
     * What breaks exactly-once in a running sum's results: a value missing or repeated, or a sum
     * that is not the previous sum plus its value (state lost or counted twice), or a final total
     * other than the failure-free one. Empty when the results are exactly-once.
     */
    static List<String> violations(List<String> results) {
        List<String> problems = new ArrayList<>();
        Map<Long, Integer> counts = values(results);
        counts.forEach((v, n) -> {
            if (n > 1 && problems.size() < 5) {
                problems.add("value " + v + " appears " + n + " times");
            }
        });
        for (long v = 1; v <= EVENTS; v++) {
            if (!counts.containsKey(v) && problems.size() < 10) {
                problems.add("value " + v + " is missing");
            }
        }
        List<long[]> bySum = results.stream().map(r -> r.split(":"))
                .map(p -> new long[] {Long.parseLong(p[0]), Long.parseLong(p[1])})
                .sorted((a, b) -> Long.compare(a[1], b[1])).toList();
        long previous = 0;
        for (long[] r : bySum) {
            if (r[1] != previous + r[0]) {
                problems.add("sum " + r[1] + " after " + previous + " does not add value " + r[0]);
                break;
            }
            previous = r[1];
        }
        long last = bySum.isEmpty() ? 0 : bySum.get(bySum.size() - 1)[1];
        if (last != TOTAL) {
            problems.add("final sum " + last + ", failure-free total " + TOTAL);
        }
        return problems;
    }

    private static String summary(List<String> results) {
        return results.size() + " results, " + values(results).size() + " distinct values";
    }

    private static String scrape() throws Exception {
        HttpResponse<String> reply = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(threadManager.manager().metricsEndpoint().orElseThrow()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, reply.statusCode(), reply.body());
        return reply.body();
    }

    /** The value of the job's stage's roll-back counter in Prometheus text, or "none". */
    private static String rollBacksScraped(String scraped, Job job, int stage) {
        return scraped.lines().filter(l -> l.startsWith("faastream_stage_roll_backs_total{")
                        && l.contains("job=\"" + job.id() + "\"") && l.contains("stage=\"" + stage + "\""))
                .map(l -> l.substring(l.lastIndexOf(' ') + 1)).findFirst().orElse("none");
    }

    static String checked(String s) {
        return Long.toString(Long.parseLong(s.trim()));
    }

    /** The workers of a platform: which are running, and how to crash one by id (true when it was killed). */
    record Workers(Supplier<List<String>> running, Predicate<String> killer) {
        /** The workers of the shared thread platform, crashed by interrupting their thread. */
        static Workers threads() {
            return new Workers(threadManager.threads()::runningWorkers, id -> threadManager.threads().kill(id));
        }
    }

    /** Adds up the values it sees; the total is @State that must survive crashes exactly once. */
    static final class RunningSum implements Transformer<String, String> {
        @State
        private long sum;

        @Override
        public String apply(String value) {
            sum += Long.parseLong(value);
            return value + ":" + sum;
        }
    }
}
