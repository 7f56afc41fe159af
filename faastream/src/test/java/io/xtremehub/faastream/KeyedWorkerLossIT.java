package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.internal.wire.Telemetry;
import io.xtremehub.faastream.platform.LocalProcessPlatform;
import io.xtremehub.faastream.testkit.ObjectStores;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An at-least-once streaming reduce whose reduce workers are lost while events keep coming. On worker
 * JVMs, one that has emitted windows is killed with SIGKILL. On worker threads (a restart takes seconds
 * there, not a JVM launch), stopped by the platform: one that has emitted windows, then one of the
 * restarted stage as soon as it has registered (mostly before its first window end, when its segments
 * are read again from where it took them). The job must go on, and every input event must be in some
 * key's results (a lost worker's open window is read again; duplicates are allowed and counted).
 */
@EmbeddedCluster
class KeyedWorkerLossIT {
    private static final int KEYS = 8;
    private static final int RATE = 40;
    private static final int REDUCERS = 2;
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aKilledReduceWorkerJvmRestartsTheStageAndEveryEventIsCounted() throws Exception {
        LocalProcessPlatform processes = LocalProcessPlatform.builder()
                .logDir(Path.of("target", "keyed-loss-workers")).build();
        String in = tc.newStream("kl-in", 2);
        String out = tc.newStream("kl-out", 1);
        Pipeline<String> p = pipeline(in, out);
        try (Manager manager = Manager.builder().controllerUri(tc.controllerUri()).objectStore(ObjectStores.of(tc))
                .platform(processes).build()) {
            Job job = manager.execute(p, JobOptions.builder().mode(Mode.STREAM).window(Duration.ofSeconds(1)).build());
            List<String> kills = new ArrayList<>();
            int written;
            try (SteadyInput input = new SteadyInput(tc, in, 1_000_000, false, RATE);
                 StageSignals signals = new StageSignals(tc, job.id(), 1)) {
                await("the first results").atMost(Duration.ofMinutes(2)).failFast(() -> failed(job))
                        .until(() -> counted(out).size() >= RATE);

                // a worker that has emitted windows and said where its last one ended
                String victim = reducers(processes::runningWorkers).get(0);
                await("a window end reported by " + victim).atMost(Duration.ofMinutes(1)).failFast(() -> failed(job))
                        .until(() -> signals.firstReport(0, t -> t.worker().equals(victim)
                                && t.windowEndPosition() != null) > 0);
                kills.add(kill(processes, victim));
                awaitNewGeneration(processes::runningWorkers, job, signals, Set.of(victim));
                awaitProgress(out, input, job);
                input.close();
                written = input.written();
            }
            check(job, out, written, kills);
        }
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aStoppedReduceWorkerThreadRestartsTheStageAndEveryEventIsCounted() throws Exception {
        String in = tc.newStream("klt-in", 2);
        String out = tc.newStream("klt-out", 1);
        Job job = threadManager.manager().execute(pipeline(in, out),
                JobOptions.builder().mode(Mode.STREAM).window(Duration.ofSeconds(1)).build());
        List<String> kills = new ArrayList<>();
        int written;
        try (SteadyInput input = new SteadyInput(tc, in, 1_000_000, false, RATE);
             StageSignals signals = new StageSignals(tc, job.id(), 1)) {
            await("the first results").atMost(Duration.ofMinutes(1)).failFast(() -> failed(job))
                    .until(() -> counted(out).size() >= RATE);
            String victim = threadManager.threads().runningWorkers().stream().filter(w -> w.contains("-s1w")).findFirst()
                    .orElseThrow();
            await("a window end reported by " + victim).atMost(Duration.ofMinutes(1)).failFast(() -> failed(job))
                    .until(() -> signals.firstReport(0, t -> t.worker().equals(victim)
                            && t.windowEndPosition() != null) > 0);
            kills.add(stop(victim));
            List<String> second = awaitNewGeneration(threadManager.threads()::runningWorkers, job, signals,
                    Set.of(victim));
            // then a worker of the restarted stage as soon as it has registered, mostly before it emitted anything
            String early = second.get(1);
            boolean emitted = signals.firstReport(0, t -> t.worker().equals(early)
                    && t.windowEndPosition() != null) > 0;
            kills.add(stop(early) + (emitted ? " (after a window end)" : " (before any window end)"));
            awaitNewGeneration(threadManager.threads()::runningWorkers, job, signals, Set.copyOf(second));
            awaitProgress(out, input, job);
            input.close();
            written = input.written();
        }
        check(job, out, written, kills);
    }

    private static Pipeline<String> pipeline(String in, String out) {
        return Pipeline.fromStream(in, Serializers.utf8())
                .map(s -> s, Serializers.utf8()).named("pass")
                .reduce(KeyedWorkerLossIT::keyOf, KeyedWorkerLossIT::ids, Serializers.utf8()).parallelism(REDUCERS)
                .named("ids")
                .writeToStream(out);
    }

    /** The job still runs, and every event 1..written is in the results; reports the duplicates. */
    private static void check(Job job, String out, int written, List<String> kills) {
        await("every event counted").atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofSeconds(1))
                .failFast(() -> failed(job))
                .until(() -> new TreeSet<>(counted(out)).size() >= written);
        assertEquals(JobState.RUNNING, job.status().state(), "the job goes on: " + job.status());
        job.cancel();
        List<Integer> ids = counted(out);
        Set<Integer> missing = new TreeSet<>();
        for (int i = 1; i <= written; i++) {
            missing.add(i);
        }
        ids.forEach(missing::remove);
        Map<Integer, Long> copies = ids.stream().collect(Collectors.groupingBy(i -> i, Collectors.counting()));
        long duplicates = copies.values().stream().mapToLong(n -> n - 1).sum();
        System.out.println("keyed worker loss: lost " + kills + "; " + written + " events, " + ids.size()
                + " counted, " + duplicates + " counted twice or more, load " + loadAverage());
        assertEquals(Set.of(), missing, "events in no key's results");
        assertTrue(ids.size() >= written);
    }

    private static boolean failed(Job job) {
        return job.status().state() == JobState.FAILED;
    }

    /** The running reduce workers ({@code <job>-s1w<n>-<incarnation>}). */
    private static List<String> reducers(Supplier<List<String>> running) {
        return running.get().stream().filter(w -> w.contains("-s1w")).toList();
    }

    private static String stop(String worker) {
        assertTrue(threadManager.threads().kill(worker), "could not stop " + worker);
        return worker;
    }

    private static String kill(LocalProcessPlatform processes, String worker) {
        ProcessHandle.of(processes.pidOf(worker)).ifPresent(WorkerProcesses::kill);
        return worker;
    }

    /** Waits until the stage runs {@link #REDUCERS} workers none of which is in {@code old}, all registered. */
    private static List<String> awaitNewGeneration(Supplier<List<String>> running, Job job, StageSignals signals,
                                                   Set<String> old) {
        List<String> next = new ArrayList<>();
        await("the reduce stage restarted without " + old).atMost(Duration.ofMinutes(2)).failFast(() -> failed(job))
                .until(() -> {
                    List<String> now = reducers(running);
                    next.clear();
                    next.addAll(now);
                    return now.size() == REDUCERS && now.stream().noneMatch(old::contains)
                            && now.stream().allMatch(w -> signals.firstReport(0,
                                    t -> t.worker().equals(w) && t.type() == Telemetry.Type.READY) > 0);
                });
        return List.copyOf(next);
    }

    /** Waits until an event written from now on is counted: the stage reads and emits again. */
    private static void awaitProgress(String out, SteadyInput input, Job job) {
        int mark = input.written() + 1;
        await("event " + mark + " counted").atMost(Duration.ofMinutes(1)).failFast(() -> failed(job))
                .until(() -> counted(out).stream().anyMatch(i -> i > mark));
    }

    /** Every event id in the results so far, as often as counted. */
    private static List<Integer> counted(String out) {
        List<Integer> ids = new ArrayList<>();
        for (String r : tc.events().readSegments(out)) {
            String list = r.split(" ")[2];
            for (String id : list.split(",")) {
                ids.add(Integer.parseInt(id));
            }
        }
        return ids;
    }

    private static String loadAverage() {
        return String.format("%.1f", java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                .getSystemLoadAverage());
    }

    private static String keyOf(String event) {
        return "k" + Integer.parseInt(event) % KEYS;
    }

    /** "key windowEnd id,id,..." for one key's group of one window. */
    static String ids(Group<String, String> g) {
        return g.key() + " " + g.windowEnd() + " " + String.join(",", g.values());
    }
}
