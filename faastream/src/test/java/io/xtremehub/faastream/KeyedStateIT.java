package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.platform.lambda.LambdaPlatform;
import io.xtremehub.faastream.testkit.ObjectStores;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link KeyedState}: a reducer on three workers keeps a running count and sum per key while its
 * workers are killed. Each roll-back hands the stage's input segments out anew, so a key's later
 * windows reach another worker than its earlier ones: with state per worker slot its totals would
 * start again there. Every committed result carries its key's totals, and all of them are checked:
 * ordered by count, each result's count and sum grow by exactly that window's values, every value is
 * in one result, and each key's last totals are those of all its values.
 */
@EmbeddedCluster
class KeyedStateIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();
    private static final int EVENTS = 1_000;
    /** Slow enough that the kills below land while the input still flows, however busy the machine. */
    private static final int PER_SECOND = 25;
    private static final int KEYS = 12;

    /**
     * "key count sum v,v,... slot": the key's totals after this window, the window's values, and the id of
     * the worker slot that reduced it (kept in the slot's own {@code @State}, so it survives the slot's restarts).
     */
    static final class RunningTotals implements Transformer<Group<String, String>, String> {
        @State
        private final KeyedState<Long> count = new KeyedState<>();
        @State
        private final KeyedState<Long> sum = new KeyedState<>();
        @State
        private String slot;

        @Override
        public String apply(Group<String, String> g) {
            if (slot == null) {
                slot = UUID.randomUUID().toString().substring(0, 8);
            }
            long c = count.valueOr(0L) + g.values().size();
            long s = sum.valueOr(0L) + g.values().stream().mapToLong(Long::parseLong).sum();
            count.update(c);
            sum.update(s);
            return g.key() + " " + c + " " + s + " " + String.join(",", g.values()) + " " + slot;
        }
    }

    @Test
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    void runningTotalsPerKeyStayRightWhileReduceAndMapWorkersAreKilled() throws Exception {
        String in = tc.newStream("ks-in", 2);
        String out = tc.newStream("ks-out", 1);
        Job job = threadManager.manager().execute(runningTotals(in, out, 3), options(3));
        List<String> results;
        try (SteadyInput input = new SteadyInput(tc, in, EVENTS, false, PER_SECOND)) {
            awaitCommits(job, 2);
            kill(job, "-s1w0-");
            awaitCommits(job, committed(job) + 3);
            kill(job, "-s1w1-");
            awaitCommits(job, committed(job) + 3);
            kill(job, "-s0w0-");
            awaitCommits(job, committed(job) + 3);
            kill(job, "-s1w2-");
            input.assertFinished();
            try {
                await("every value in the committed output").atMost(Duration.ofMinutes(3))
                        .pollInterval(Duration.ofSeconds(2))
                        .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                        .until(() -> values(tc.events().readAllStrings(out, Duration.ofMinutes(1))) >= EVENTS);
            } catch (ConditionTimeoutException e) {
                throw new AssertionError(values(tc.events().readAllStrings(out, Duration.ofMinutes(1)))
                        + " of " + EVENTS + " values committed", e);
            }
        } finally {
            job.cancel();
        }
        // read after the job stopped, so a late repeat would be there too
        results = tc.events().readAllStrings(out, Duration.ofMinutes(1));
        assertEquals(List.of(), violations(results, EVENTS), results.size() + " window results");
        // what makes the totals worth checking: a key's windows reduced by more than one worker slot
        long moved = results.stream().collect(Collectors.groupingBy(r -> r.split(" ")[0],
                Collectors.mapping(r -> r.split(" ")[4], Collectors.toSet())))
                .values().stream().filter(slots -> slots.size() > 1).count();
        System.out.println("keyed state: " + results.size() + " window results, " + moved + " of " + KEYS
                + " keys reduced by more than one worker slot, totals right");
        assertTrue(moved > 0, "the roll-backs moved no key to another worker slot");
        // each kill of a reduce worker rolls the stage back once; a key reduced by two workers in one epoch would add more
        long rollBacks = job.status().stages().get(1).rollBacks();
        assertTrue(rollBacks >= 3 && rollBacks < 8, rollBacks + " roll-backs of the reduce stage for its 3 kills");
    }

    /** 1..n through a map into {@link RunningTotals} on {@code reducers} workers. */
    static Pipeline<String> runningTotals(String in, String out, int reducers) {
        return Pipeline.fromStream(in, Serializers.utf8())
                .map(String::trim, Serializers.utf8()).parallelism(2).named("read")
                .reduce(KeyedStateIT::keyOf, new RunningTotals(), Serializers.utf8()).parallelism(reducers).named("totals")
                .writeToStream(out);
    }

    /** Exactly-once, 1 s windows in 500 ms epochs: many results per key, each checked. */
    static JobOptions options(int reducers) {
        return JobOptions.builder().mode(Mode.STREAM).exactlyOnce(true).scalingPolicy(ScalingPolicy.fixed(reducers))
                .transactionWindow(Duration.ofMillis(500)).window(Duration.ofSeconds(1)).name("keyed-state").build();
    }

    @Test
    void keyedStateOutsideAnExactlyOnceReducerIsRefusedBeforeTheJobStarts() {
        String in = tc.newStream("ks-refused-in", 1);
        String out = tc.newStream("ks-refused-out", 1);
        Pipeline<String> reduce = Pipeline.fromStream(in, Serializers.utf8()).map(String::trim, Serializers.utf8())
                .reduce(KeyedStateIT::keyOf, new RunningTotals(), Serializers.utf8()).named("totals")
                .writeToStream(out);
        JobDefinitionException atLeastOnce = assertThrows(JobDefinitionException.class,
                () -> threadManager.manager().execute(reduce, JobOptions.builder().mode(Mode.STREAM).build()));
        assertTrue(atLeastOnce.getMessage().contains("needs an exactly-once job"), atLeastOnce.getMessage());
        JobDefinitionException batch = assertThrows(JobDefinitionException.class,
                () -> threadManager.manager().execute(reduce, JobOptions.builder().mode(Mode.BATCH).exactlyOnce(true).build()));
        assertTrue(batch.getMessage().contains("a batch reduces each key once"), batch.getMessage());
        Pipeline<String> map = Pipeline.fromStream(in, Serializers.utf8()).map(new MapWithKeyedState(), Serializers.utf8())
                .named("tag").writeToStream(out);
        JobDefinitionException notAReducer = assertThrows(JobDefinitionException.class,
                () -> threadManager.manager().execute(map, JobOptions.builder().mode(Mode.STREAM).exactlyOnce(true).build()));
        assertTrue(notAReducer.getMessage().contains("move it to a reducer"), notAReducer.getMessage());
        assertEquals(1, atLeastOnce.getMessage().lines().count(), "one line: " + atLeastOnce.getMessage());
        // a Lambda worker's segments go to the others while it hands off: nothing is invoked before the refusal
        LambdaPlatform lambda = LambdaPlatform.builder()
                .client(LambdaPlatform.client("http://127.0.0.1:9", "us-east-1", "test", "test"))
                .functionName("never-invoked").build();
        try (Manager onLambda = Manager.builder().controllerUri(tc.controllerUri()).objectStore(ObjectStores.of(tc))
                .platform(lambda).build()) {
            JobDefinitionException handOffs = assertThrows(JobDefinitionException.class, () -> onLambda.execute(reduce,
                    JobOptions.builder().mode(Mode.STREAM).exactlyOnce(true).build()));
            assertTrue(handOffs.getMessage().contains("cannot follow keys across hand-offs"), handOffs.getMessage());
        }
    }

    static final class MapWithKeyedState implements Transformer<String, String> {
        @State
        private final KeyedState<Long> seen = new KeyedState<>();

        @Override
        public String apply(String s) {
            return s;
        }
    }

    /** What breaks the running totals: a value missing, repeated or under another key; a count or sum that does not add up. */
    static List<String> violations(List<String> results, int events) {
        Map<String, List<String[]>> byKey = new TreeMap<>();
        Map<String, Integer> seen = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        for (String r : results) {
            String[] f = r.split(" ");
            byKey.computeIfAbsent(f[0], k -> new ArrayList<>()).add(f);
            for (String v : f[3].split(",")) {
                seen.merge(v, 1, Integer::sum);
                if (!keyOf(v).equals(f[0])) {
                    problems.add("value " + v + " in the window of key " + f[0]);
                }
            }
        }
        for (int v = 1; v <= events; v++) {
            int n = seen.getOrDefault(Integer.toString(v), 0);
            if (n != 1) {
                problems.add("value " + v + " is in " + n + " results");
            }
        }
        byKey.forEach((key, windows) -> {
            windows.sort(Comparator.comparingLong(f -> Long.parseLong(f[1])));
            long count = 0;
            long sum = 0;
            for (String[] f : windows) {
                String[] values = f[3].split(",");
                count += values.length;
                for (String v : values) {
                    sum += Long.parseLong(v);
                }
                if (Long.parseLong(f[1]) != count || Long.parseLong(f[2]) != sum) {
                    problems.add(key + ": totals " + f[1] + "/" + f[2] + " after its windows add up to " + count + "/" + sum);
                    return;
                }
            }
            long all = 0;
            long allSum = 0;
            for (int v = 1; v <= events; v++) {
                if (keyOf(Integer.toString(v)).equals(key)) {
                    all++;
                    allSum += v;
                }
            }
            if (count != all || sum != allSum) {
                problems.add(key + ": last totals " + count + "/" + sum + ", its values add up to " + all + "/" + allSum);
            }
        });
        return problems.size() > 20 ? problems.subList(0, 20) : problems;
    }

    static int values(List<String> results) {
        return results.stream().mapToInt(r -> r.split(" ")[3].split(",").length).sum();
    }

    static String keyOf(String value) {
        return "k" + Long.parseLong(value.trim()) % KEYS;
    }

    private static long committed(Job job) {
        return job.status().stages().get(1).epochsCommitted();
    }

    private static void awaitCommits(Job job, long epochs) {
        await("the reduce stage to commit " + epochs + " epochs").atMost(Duration.ofMinutes(2))
                .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                .until(() -> job.status().stages().size() > 1 && committed(job) >= epochs);
    }

    private static void kill(Job job, String slot) {
        String victim = threadManager.threads().runningWorkers().stream()
                .filter(w -> w.startsWith(job.id() + "-") && w.contains(slot)).reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("no running worker of slot " + slot + ": "
                        + threadManager.threads().runningWorkers()));
        assertTrue(threadManager.threads().kill(victim), "could not kill worker " + victim);
    }
}
