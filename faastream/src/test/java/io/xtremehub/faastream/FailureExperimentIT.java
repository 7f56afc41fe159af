package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.Telemetry;
import io.xtremehub.faastream.platform.LocalProcessPlatform;
import io.xtremehub.faastream.testkit.ObjectStores;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The failure experiment of the FaaStream paper on real processes: an exactly-once cumulative sum
 * ({@link ChainedSum}) on 5 worker JVMs under a manager in its own JVM, fed 100 events a second.
 * In turn, with SIGKILL: every worker at once; one worker; one worker while an epoch's checkpoint is
 * under way (some workers have reported it, the victim has not, so it cannot commit); the manager,
 * whose job a new manager then resumes. After each failure the committed output must stay exactly
 * once ({@link ChainCheck}), and at the end hold every input value exactly once.
 *
 * <p>Each failure's recovery time is logged and appended to a CSV (system property
 * {@code failure.experiment.csv}, default {@code target/failure-experiment/recovery.csv}): the time
 * from the kill until the first committed result of an input value written after the kill, with
 * the moments in between read from the stage's own channels. The same measure taken once without a
 * failure is the baseline. Times are measured, not asserted: scripts/bench-failure-experiment.sh
 * turns them into benchmarks/results/failure-experiment.md.
 */
@EmbeddedCluster
class FailureExperimentIT {
    @Provided
    static TestCluster tc;
    private static final int WORKERS = 5;
    private static final int RATE = 100;
    private static final Path LOGS = Path.of("target", "failure-experiment");
    private static final Duration RECOVERY_LIMIT = Duration.ofMinutes(2);

    @Test
    @Timeout(value = 9, unit = TimeUnit.MINUTES)
    void aCumulativeSumStaysExactlyOnceThroughKilledWorkersAndAKilledManager() throws Exception {
        String in = tc.newStream("fx-in", WORKERS);
        String out = tc.newStream("fx-out", 1);
        ManagerJvm first = ManagerJvm.start(tc, LOGS, in, out, Integer.toString(WORKERS));
        ProcessHandle manager = first.process().toHandle();
        List<ProcessHandle> everyWorker = new ArrayList<>();
        String jobId = first.awaitJobId();
        Manager second = null;
        try (SteadyInput input = new SteadyInput(tc, in, RATE * 600, false, RATE);
             CommittedOutput output = new CommittedOutput(tc, out);
             StageSignals signals = new StageSignals(tc, jobId, 0)) {
            Experiment x = new Experiment(input, output, signals, manager);
            await("the first results").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200))
                    .failFast("the manager exited: " + first.tail(), () -> !manager.isAlive())
                    .until(() -> output.results().size() >= 2 * RATE);
            x.steady(2);
            x.record("none (baseline)", x.recover(System.currentTimeMillis(), false));

            Map<String, ProcessHandle> all = WorkerProcesses.of(manager);
            assertEquals(WORKERS, all.size(), "worker processes: " + all.keySet());
            long t = System.currentTimeMillis();
            all.values().forEach(ProcessHandle::destroyForcibly);
            all.values().forEach(p -> p.onExit().join());
            x.record("all " + WORKERS + " workers", x.recover(t, true));
            x.steady(2);

            Map<String, ProcessHandle> before = WorkerProcesses.bySlot(manager);
            ProcessHandle one = before.values().iterator().next();
            t = System.currentTimeMillis();
            WorkerProcesses.kill(one);
            x.record("one worker", x.recover(t, true));
            x.steady(2);
            // the survivors were reset in place: one lost worker costs one new process, not five
            Map<String, ProcessHandle> after = WorkerProcesses.bySlot(manager);
            before.values().remove(one);
            assertEquals(WORKERS, after.size(), "worker processes after the kill: " + after.keySet());
            assertTrue(after.values().containsAll(before.values()), "the surviving worker processes still run: "
                    + before + " then " + after);

            x.record("one worker during a checkpoint", x.killDuringCheckpoint());
            x.steady(2);

            everyWorker.addAll(WorkerProcesses.of(manager).values());
            t = System.currentTimeMillis();
            WorkerProcesses.kill(manager);
            second = Manager.builder().controllerUri(tc.controllerUri()).objectStore(ObjectStores.of(tc))
                    .platform(LocalProcessPlatform.builder().logDir(LOGS.resolve("workers-2")).build()).build();
            x.workersParent = ProcessHandle.current();
            Job job = second.resumeJobs().resumed().stream().filter(j -> j.id().equals(jobId)).findFirst()
                    .orElseThrow(() -> new AssertionError("job " + jobId + " was not resumed"));
            x.record("the manager", x.recover(t, true));
            List<String> relaunched = workerLogsOf(jobId, LOGS.resolve("workers-2"));
            assertTrue(relaunched.size() < WORKERS, "the new manager adopted the old manager's running workers "
                    + "instead of starting all " + WORKERS + " anew: " + relaunched);
            x.steady(2);

            input.close();
            long values = input.written();
            await("a result for each of the " + values + " values").atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofSeconds(1))
                    .failFast("the resumed job stopped: " + job.status(), () -> job.status().state().terminal())
                    .until(() -> output.firstAbove(values - 1) > 0 && output.results().size() >= values);
            job.cancel();
            await("the old manager's workers, adopted or fenced by the new one, to end with the job")
                    .atMost(Duration.ofMinutes(1)).until(() -> everyWorker.stream().noneMatch(ProcessHandle::isAlive));
            List<String> results = tc.events().readAllStrings(out, Duration.ofMinutes(1));
            await("the followed output to reach the end").atMost(Duration.ofSeconds(30))
                    .until(() -> output.results().size() >= results.size());
            assertEquals(List.of(), ChainCheck.violations(results, values, WORKERS), "exactly once through every "
                    + "failure: " + results.size() + " results for " + values + " values");
            assertEquals(results, output.results(), "the output read as it was committed is the output at the end");
            System.out.println("failure experiment: " + values + " values, " + results.size()
                    + " results, exactly once; recovery times: " + x.recoveries);
        } finally {
            manager.destroyForcibly();
            everyWorker.forEach(ProcessHandle::destroyForcibly);
            if (second != null) {
                second.close();
            }
        }
    }

    /** One run's state: the input, what is committed, the stage's channels, the recovery times so far. */
    private static final class Experiment {
        private final SteadyInput input;
        private final CommittedOutput output;
        private final StageSignals signals;
        private final List<String> recoveries = new ArrayList<>();
        /** The process whose children the workers are (the manager's JVM, or this one once it runs the manager). */
        private ProcessHandle workersParent;

        Experiment(SteadyInput input, CommittedOutput output, StageSignals signals, ProcessHandle workersParent) {
            this.input = input;
            this.output = output;
            this.signals = signals;
            this.workersParent = workersParent;
        }

        /**
         * Waits until what was written {@code seconds} from now has committed results, then checks that
         * the output so far is exactly once.
         */
        void steady(int seconds) {
            long target = input.written() + (long) seconds * RATE;
            await("results up to value " + target).atMost(RECOVERY_LIMIT).pollInterval(Duration.ofMillis(100))
                    .until(() -> output.firstAbove(target) > 0);
            List<String> problems = ChainCheck.violations(output.results(), 0, WORKERS);
            assertEquals(List.of(), problems, "exactly once so far");
        }

        /**
         * Measures from {@code killedAt} until the first committed result of a value written after it.
         *
         * @param rolledBack whether the manager rolls the stage back (its CANCELs and the new workers'
         *                   READY then date the steps in between)
         */
        Recovery recover(long killedAt, boolean rolledBack) {
            // a batch being written at the kill may already be in an epoch that commits regardless
            long after = input.written() + 10;
            await("committed results of values written after the failure").atMost(RECOVERY_LIMIT)
                    .pollInterval(Duration.ofMillis(20)).until(() -> output.firstAbove(after) > 0);
            long resumed = output.firstAbove(after);
            long detected = -1;
            long ready = -1;
            if (rolledBack) {
                detected = signals.firstCommand(killedAt, m -> m.type() == ControlMessage.Type.CANCEL
                        || m.type() == ControlMessage.Type.ROLL_BACK);
                ready = signals.allReadySince(killedAt, WORKERS);
            }
            long started = signals.firstCommand(killedAt, m -> m.type() == ControlMessage.Type.USE_TRANSACTION);
            long checkpointed = started < 0 ? -1
                    : signals.firstReport(started, r -> r.type() == Telemetry.Type.CHECKPOINTED);
            long launched = WorkerProcesses.of(workersParent).values().stream()
                    .flatMap(p -> p.info().startInstant().stream()).mapToLong(Instant::toEpochMilli)
                    .filter(at -> at >= killedAt).min().orElse(-1);
            return new Recovery(killedAt, resumed, detected, launched, ready, started, checkpointed);
        }

        /**
         * Waits for an epoch checkpoint that some workers have reported and one has not, and kills
         * that one: the epoch cannot commit without it. Checked afterwards: the victim's report
         * never came (a victim that reported in the instant before the kill is retried).
         */
        Recovery killDuringCheckpoint() {
            for (int attempt = 1; ; attempt++) {
                long[] epoch = new long[1];
                String[] victim = new String[1];
                ProcessHandle[] handle = new ProcessHandle[1];
                await("an epoch checkpoint under way").atMost(RECOVERY_LIMIT).pollInterval(Duration.ofMillis(2))
                        .until(() -> {
                            epoch[0] = signals.lastAcknowledgedEpoch();
                            Set<String> acks = signals.acknowledged(epoch[0]);
                            // by slot: a survivor of a roll-back goes on in its process under a new id
                            Map<String, String> current = signals.currentWorkers();
                            Map<String, ProcessHandle> live = WorkerProcesses.bySlot(workersParent);
                            if (acks.isEmpty() || !current.values().containsAll(acks) || acks.size() >= live.size()) {
                                return false; // none begun, an older generation's, or all in
                            }
                            String slot = live.keySet().stream().filter(s -> !acks.contains(current.get(s)))
                                    .findFirst().orElseThrow();
                            victim[0] = current.get(slot);
                            handle[0] = live.get(slot);
                            return victim[0] != null;
                        });
                long t = System.currentTimeMillis();
                int acksAtKill = signals.acknowledged(epoch[0]).size();
                WorkerProcesses.kill(handle[0]);
                Recovery r = recover(t, true);
                if (!signals.acknowledged(epoch[0]).contains(victim[0])) {
                    System.out.printf("killed %s with epoch %d checkpointed by %d of %d workers%n", victim[0],
                            epoch[0], acksAtKill, WORKERS);
                    return r;
                }
                assertTrue(attempt < 3, "three kills in a row landed after the victim's checkpoint report");
                steady(2);
            }
        }

        void record(String failure, Recovery r) throws IOException {
            String load = load();
            String line = String.format("%s: recovered in %d ms (%s), load %s", failure, r.total(), r.steps(), load);
            System.out.println("failure experiment: " + line);
            recoveries.add(failure + " " + r.total() + " ms");
            Path csv = Path.of(System.getProperty("failure.experiment.csv", LOGS.resolve("recovery.csv").toString()));
            Files.createDirectories(csv.toAbsolutePath().getParent());
            if (!Files.exists(csv)) {
                Files.writeString(csv, "failure,recovery_ms,detected_ms,launched_ms,workers_ready_ms,reading_ms,"
                        + "first_checkpoint_ms,load1\n");
            }
            Files.writeString(csv, String.join(",", failure, Long.toString(r.total()), r.since(r.detected()),
                    r.since(r.launched()), r.since(r.ready()), r.since(r.started()), r.since(r.checkpointed()), load) + "\n",
                    StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            assertFalse(r.total() < 0, "no recovery measured");
        }

        private static String load() {
            try {
                return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
            } catch (IOException e) {
                return "?";
            }
        }
    }

    /**
     * The moments of one recovery (epoch millis, -1 when not seen): the kill, the first committed
     * result of a value written after it, the roll-back's first CANCEL, the first new worker JVM
     * started (its process start time), every new worker READY, the new transaction handed out
     * (reading starts), the first epoch checkpoint reported after it.
     */
    private record Recovery(long killed, long resumed, long detected, long launched, long ready, long started,
                            long checkpointed) {
        long total() {
            return resumed - killed;
        }

        String since(long moment) {
            return moment < 0 ? "" : Long.toString(moment - killed);
        }

        String steps() {
            return "roll-back " + since(detected) + " ms, JVMs started " + since(launched) + " ms, workers ready "
                    + since(ready) + " ms, reading "
                    + since(started) + " ms, first checkpoint " + since(checkpointed) + " ms";
        }
    }

    /** The logs of the job's workers a platform logging to {@code dir} started (standbys log under other names). */
    private static List<String> workerLogsOf(String jobId, Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (var files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(jobId + "-") && n.endsWith(".log"))
                    .sorted().toList();
        }
    }
}
