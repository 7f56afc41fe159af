package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.platform.lambda.LambdaPlatform;
import io.xtremehub.faastream.platform.lambda.LambdaWorkerHandler;
import io.xtremehub.faastream.testkit.LambdaInvokeServer;
import io.xtremehub.faastream.testkit.LambdaPackage;
import io.xtremehub.faastream.testkit.ObjectStores;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once on Lambda workers that hand off: invocations limited to a few seconds, so every worker
 * of a map and a reduce stage hands its slot to a new invocation several times while the input flows.
 * Each hand-off happens at an epoch checkpoint, so the stages never roll back, every value comes out
 * once, and the map's @State sums run on across the invocations without a gap or a repeat.
 */
@EmbeddedCluster
class ExactlyOnceLambdaIT {
    @Provided
    static TestCluster tc;
    @TempDir
    Path lambdaDir;
    private static final int EVENTS = 600;
    private static final int PER_SECOND = 30;
    /** Each invocation runs about 2 s before it looks for a checkpoint to hand off at. */
    private static final long TIME_LIMIT_MILLIS = 6_000;
    private static final Duration HANDOFF_MARGIN = Duration.ofMillis(4_000);
    private static final int WORKERS = 4;
    /** A worker id of a slot's second or later incarnation: a roll-back replaced the slot's worker. */
    private static final Pattern LATER_INCARNATION = Pattern.compile("-s\\d+w\\d+-[1-9]\\d*(-h\\d+)?$");

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void workersHandOffAtEpochCheckpointsWithoutRollingBackOrRepeatingAnything() throws Exception {
        try (LambdaInvokeServer lambdaService = new LambdaInvokeServer("faastream-eo", lambdaPackage("faastream-eo"),
                TIME_LIMIT_MILLIS)) {
            List<String> results = run(lambdaService, EVENTS, j -> {
                StageMetrics sums = j.status().stages().get(0);
                StageMetrics groups = j.status().stages().get(1);
                assertEquals(0, sums.rollBacks() + groups.rollBacks(),
                        "every hand-off was clean, nothing rolled back: " + sums + " " + groups);
            });
            assertEquals(List.of(), ChainCheck.violations(results, EVENTS, 2),
                    "every value once, each slot's sums consecutive across its invocations");
            int handOffs = lambdaService.invocations() - WORKERS;
            assertTrue(handOffs >= 3 * WORKERS, "each worker handed off several times: " + handOffs + " in all");
        }
    }

    /**
     * The first hand-off successor's invocation fails before it runs: its slot is lost while its hand-off
     * is under way (its predecessor acknowledged the epoch, the stage holds its next checkpoint), and the
     * stage rolls back, other workers possibly mid-hand-off too. Still every value once and every sum
     * consistent.
     */
    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void aSuccessorThatNeverStartsRollsItsStageBackExactlyOnce() throws Exception {
        try (LambdaInvokeServer lambdaService = new LambdaInvokeServer("faastream-eo-lost",
                lambdaPackage("faastream-eo-lost"), TIME_LIMIT_MILLIS)) {
            lambdaService.failNextSuccessor();
            int events = EVENTS / 2;
            List<String> results = run(lambdaService, events, job -> {
                assertTrue(lambdaService.failedASuccessor(), "no hand-off successor was launched to fail");
                // the roll-back replaces the lost slot with a worker of a later incarnation (epochsAborted
                // cannot tell: a roll-back between a commit and the next checkpoint aborts no transaction)
                assertTrue(lambdaService.launchedWorkers().stream().anyMatch(LATER_INCARNATION.asPredicate()),
                        "the lost successor rolled its stage back: " + lambdaService.launchedWorkers());
            });
            assertEquals(List.of(), ChainCheck.violations(results, events, 2),
                    "every value once, each slot's sums consistent across the roll-back");
        }
    }

    /**
     * One worker's container starts late, so the others wait to start longer than their invocations
     * allow and hand off as they are, before they read anything; their next invocations join the reader
     * group anew. No checkpoint may begin while such a worker can still leave: one begun without its
     * reader would never complete, and the job would stall (it did, with 1.2 s cold starts).
     */
    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void aWorkerThatHandsOffBeforeItStartsIsWaitedFor() throws Exception {
        try (LambdaInvokeServer lambdaService = new LambdaInvokeServer("faastream-eo-late",
                lambdaPackage("faastream-eo-late"), TIME_LIMIT_MILLIS)) {
            lambdaService.coldStartNext(TIME_LIMIT_MILLIS);
            int events = EVENTS / 2;
            List<String> results = run(lambdaService, events, job -> {
            });
            assertTrue(lambdaService.repeatedLaunches() >= 1,
                    "a worker handed off before it started: " + lambdaService.repeatedLaunches());
            assertEquals(List.of(), ChainCheck.violations(results, events, 2),
                    "every value once, each slot's sums consecutive across its invocations");
        }
    }

    /**
     * Runs the job on {@code lambdaService} while {@code events} values are fed, checks the running job
     * with {@code whileRunning} once every value is in the committed output, and returns the map's
     * results in that output (each chain's in order).
     */
    private List<String> run(LambdaInvokeServer lambdaService, int events, Consumer<Job> whileRunning)
            throws Exception {
        LambdaPlatform lambda = LambdaPlatform.builder()
                .client(LambdaPlatform.client(lambdaService.endpoint(), "us-east-1", "test", "test"))
                .functionName(lambdaService.functionName()).handoffMargin(HANDOFF_MARGIN).build();
        try (Manager manager = Manager.builder().controllerUri(tc.controllerUri())
                .objectStore(ObjectStores.of(tc)).platform(lambda).build()) {
            String in = tc.newStream("eol-in", 2);
            String out = tc.newStream("eol-out", 1);
            Job job = manager.execute(ChainedSumGroups.pipeline(in, out), ChainedSumGroups.options(Duration.ofSeconds(3)));
            try (SteadyInput input = new SteadyInput(tc, in, events, false, PER_SECOND)) {
                input.assertFinished();
                try {
                    // 4 minutes: at load 40-50 all values came, but only after 2
                    await("every value in the committed output").atMost(Duration.ofMinutes(4))
                            .pollInterval(Duration.ofSeconds(1))
                            .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                            .until(() -> ChainedSumGroups.sumResults(
                                    tc.events().readAllStrings(out, Duration.ofSeconds(30))).size() >= events);
                } catch (ConditionTimeoutException e) {
                    throw new AssertionError("values are missing: " + ChainCheck.violations(ChainedSumGroups
                            .sumResults(tc.events().readAllStrings(out, Duration.ofSeconds(30))), events, 2), e);
                }
                assertEquals(JobState.RUNNING, job.status().state(), job.status().toString());
                whileRunning.accept(job);
            } finally {
                job.cancel();
            }
            return ChainedSumGroups.sumResults(tc.events().readAllStrings(out, Duration.ofSeconds(30)));
        }
    }

    /** The packaged handler with this module's test classes as the user's job code. */
    private LambdaPackage lambdaPackage(String functionName) throws java.io.IOException {
        Path zip;
        try (var files = Files.list(Path.of("target"))) {
            zip = files.filter(p -> p.getFileName().toString().matches("faastream-.*-lambda\\.zip")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no Lambda package in target/: run mvn package first"));
        }
        return new LambdaPackage(zip, LambdaWorkerHandler.class.getName(), functionName,
                lambdaDir.resolve(functionName), Path.of("target", "test-classes"));
    }
}
