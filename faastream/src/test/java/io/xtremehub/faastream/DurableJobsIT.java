package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.SynchronizerClientFactory;
import io.pravega.client.state.RevisionedStreamClient;
import io.pravega.client.state.SynchronizerConfig;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.xtremehub.faastream.platform.ThreadPlatform;
import io.xtremehub.faastream.testkit.ObjectStores;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Durable exactly-once jobs: a manager in its own JVM is killed with SIGKILL in the middle of a
 * running sum, and {@code xtremehub job resume} resumes the job from its record in Pravega. The sink must then
 * hold each input value exactly once with sums that chain (ExactlyOnceIT's check), and the old
 * manager's worker processes, which outlive it, must be gone. Resuming the job of a manager that
 * is still alive fences that manager out; records that cannot be read are skipped with one line.
 */
@EmbeddedCluster
class DurableJobsIT {
    @Provided
    static TestCluster tc;
    private static final int EVENTS = ExactlyOnceIT.EVENTS;
    private static final Path LOGS = Path.of("target", "durable-jobs-it");

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aJobOfAManagerKilledMidRunResumesExactlyOnceUnderJobResume() throws Exception {
        String in = tc.newStream("dur-in", 2);
        String out = tc.newStream("dur-out", 1);
        List<String> results = killAndResume(ManagerJvm.start(tc, LOGS, in, out), LOGS, in, out,
                DurableJobsIT::committedValues);
        assertEquals(List.of(), ExactlyOnceIT.violations(results), "exactly once across the manager's kill: "
                + results.size() + " results");
    }

    /**
     * A reducer's {@link KeyedState} (KeyedStateIT's running totals per key, two reduce workers) goes on from
     * its last commit under a resumed manager: the values of every key come back from the object store, and
     * each key's totals add up across the kill.
     */
    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aReducerWithKeyedStateResumesFromItsCommittedValuesUnderJobResume() throws Exception {
        String in = tc.newStream("dur-keyed-in", 2);
        String out = tc.newStream("dur-keyed-out", 1);
        Path logs = LOGS.resolve("keyed");
        List<String> results = killAndResume(ManagerJvm.start(tc, logs, in, out, "keyed"), logs, in, out,
                o -> KeyedStateIT.values(tc.events().readAllStrings(o, Duration.ofMinutes(1))));
        assertEquals(List.of(), KeyedStateIT.violations(results, EVENTS), "running totals across the manager's kill: "
                + results.size() + " results");
    }

    /**
     * Feeds half the input while {@code firstJvm}'s manager runs its job, kills that manager with SIGKILL once
     * a quarter of the values are committed, resumes the job with `job resume`, feeds the rest and returns
     * everything committed once every value is.
     */
    private static List<String> killAndResume(ManagerJvm firstJvm, Path logs, String in, String out,
                                              ToIntFunction<String> committedValues) throws Exception {
        Process first = firstJvm.process();
        List<ProcessHandle> oldWorkers = new ArrayList<>();
        ManagerJvm resumeJvm = null;
        String jobId = firstJvm.awaitJobId();
        try (SteadyInput input = new SteadyInput(tc, in, EVENTS, true)) {
            await("a quarter of the results committed by the first manager").atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofMillis(500))
                    .failFast("the first manager exited: " + firstJvm.tail(), () -> !first.isAlive())
                    .until(() -> committedValues.applyAsInt(out) >= EVENTS / 4);
            oldWorkers.addAll(first.descendants().toList());
            first.destroyForcibly(); // SIGKILL: no shutdown hook, no cancel, its worker processes keep running
            assertTrue(first.waitFor(30, TimeUnit.SECONDS), "the first manager did not die");
            assertFalse(oldWorkers.isEmpty(), "the first manager ran no worker process");

            // what a user runs: `xtremehub job resume`, the pipeline's classes given by --class-path
            resumeJvm = ManagerJvm.startResume(tc, logs.resolve("resume"), resumeConfig());
            Process resumer = resumeJvm.process();
            resumeJvm.awaitLine("resumed " + jobId, "job resume to resume " + jobId);
            input.writeSecondHalf();
            await("a result for each of the " + EVENTS + " values").atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofSeconds(1))
                    .failFast("job resume exited", () -> !resumer.isAlive())
                    .until(() -> committedValues.applyAsInt(out) == EVENTS);
            input.assertFinished();
            await("the old manager's workers to be stopped").atMost(Duration.ofMinutes(1))
                    .until(() -> oldWorkers.stream().noneMatch(ProcessHandle::isAlive));
            // killed in turn, the command leaves the job to be resumed again; here, to be cancelled
            resumer.destroyForcibly();
            assertTrue(resumer.waitFor(30, TimeUnit.SECONDS), "job resume did not die");
            try (Manager last = threadManager()) {
                last.resumeJobs().resumed().stream().filter(j -> j.id().equals(jobId)).findFirst()
                        .orElseThrow(() -> new AssertionError("job " + jobId + " was not resumable again"))
                        .cancel();
            }
            return tc.events().readAllStrings(out, Duration.ofMinutes(1));
        } finally {
            first.destroyForcibly();
            oldWorkers.forEach(ProcessHandle::destroyForcibly);
            if (resumeJvm != null) {
                resumeJvm.process().descendants().forEach(ProcessHandle::destroyForcibly);
                resumeJvm.process().destroyForcibly();
            }
        }
    }

    /** The cluster's object store for `job resume`, its workers threads of its own JVM. */
    private static Path resumeConfig() throws java.io.IOException {
        ClusterConfig cfg = tc.standalone().config();
        Path file = LOGS.resolve("resume.yaml");
        Files.createDirectories(LOGS);
        Files.writeString(file, String.join("\n", "controller: " + tc.controllerUri(), "objectStore:",
                "  endpoint: " + tc.s3Endpoint(), "  region: " + cfg.ltsRegion(), "  accessKey: " + cfg.ltsAccessKey(),
                "  secretKey: " + cfg.ltsSecretKey(), "platform:", "  type: threads", ""));
        return file;
    }

    /** Resuming a job whose manager is in fact alive fences that manager out: it stops, the job runs on. */
    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aLiveManagerWhoseJobIsResumedElsewhereLetsGoOfIt() throws Exception {
        String in = tc.newStream("dur-live-in", 2);
        String out = tc.newStream("dur-live-out", 1);
        try (Manager original = threadManager(); Manager successor = threadManager();
             SteadyInput input = new SteadyInput(tc, in, EVENTS, true)) {
            Job job = original.execute(Pipeline.fromStream(in, Serializers.utf8())
                            .map(new ExactlyOnceIT.RunningSum(), Serializers.utf8()).named("sum").writeToStream(out),
                    JobOptions.builder().mode(Mode.STREAM).exactlyOnce(true).transactionWindow(Duration.ofMillis(500))
                            .name("live-sum").build());
            await("a quarter of the results committed").atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofMillis(500)).until(() -> committedValues(out) >= EVENTS / 4);
            // the running manager rewrites the record several times a second; a take-over that reads it
            // just before a rewrite is refused (the record changed), so try again
            Job[] taken = new Job[1];
            await("the successor to take the job over").atMost(Duration.ofMinutes(1))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        taken[0] = successor.resumeJobs().resumed().stream().filter(j -> j.id().equals(job.id()))
                                .findFirst().orElse(null);
                        return taken[0] != null;
                    });
            input.writeSecondHalf();
            await("the original manager to let go of the job").atMost(Duration.ofMinutes(1))
                    .until(() -> job.status().state().terminal());
            assertEquals(JobState.FAILED, job.status().state());
            assertTrue(job.status().error().contains("taken over by another manager"), job.status().error());
            await("a result for each of the " + EVENTS + " values").atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofSeconds(1))
                    .failFast("the resumed job stopped: " + taken[0].status(),
                            () -> taken[0].status().state().terminal())
                    .until(() -> committedValues(out) == EVENTS);
            input.assertFinished();
            taken[0].cancel();
        }
        List<String> results = tc.events().readAllStrings(out, Duration.ofMinutes(1));
        assertEquals(List.of(), ExactlyOnceIT.violations(results), "exactly once across the take-over: "
                + results.size() + " results");
    }

    private static Manager threadManager() {
        return Manager.builder().controllerUri(tc.controllerUri()).objectStore(ObjectStores.of(tc))
                .platform(new ThreadPlatform()).build();
    }

    @Test
    void unreadableJobRecordsAreSkippedWithOneLineNamingTheJob() throws Exception {
        List<String> broken = List.of("jbad0000001", "jbad0000002");
        writeRecord(broken.get(0), "{\"version\":1,\"jobId\":\"jbad00".getBytes(StandardCharsets.UTF_8));
        writeRecord(broken.get(1), ("{\"version\":99,\"jobId\":\"" + broken.get(1) + "\",\"shards\":[]}")
                .getBytes(StandardCharsets.UTF_8));
        try (Manager manager = threadManager()) {
            ResumedJobs found = manager.resumeJobs();
            assertTrue(found.resumed().stream().noneMatch(j -> broken.contains(j.id())), found.toString());
            assertSkipped(found, "job jbad0000001 cannot be resumed: its record is not valid JSON");
            assertSkipped(found, "job jbad0000002 cannot be resumed: its record has format 99, newer than this "
                    + "manager reads (1)");
            // the manager runs on: a new job is accepted after the skipped ones
            String in = tc.newStream("dur-bad-in", 1);
            String out = tc.newStream("dur-bad-out", 1);
            tc.events().writeStrings(in, List.of("1", "2", "3"));
            Job job = manager.execute(Pipeline.fromStream(in, Serializers.utf8()).map(s -> s, Serializers.utf8())
                    .writeToStream(out), JobOptions.builder().mode(Mode.STREAM).exactlyOnce(true)
                    .transactionWindow(Duration.ofMillis(300)).build());
            assertEquals(List.of("1", "2", "3"), tc.events().readStrings(out, 3, Duration.ofMinutes(1)));
            job.cancel();
        } finally {
            for (String id : broken) {
                tc.streamManager().sealStream(tc.scope(), "fs-" + id + "-job");
                tc.streamManager().deleteStream(tc.scope(), "fs-" + id + "-job");
            }
        }
    }

    private static void assertSkipped(ResumedJobs found, String start) {
        assertTrue(found.skipped().stream().anyMatch(s -> s.startsWith(start) && !s.contains("\n")),
                "expected a line starting '" + start + "' in " + found.skipped());
    }

    /** Stores {@code bytes} as the record of job {@code id}, the way a manager stores one. */
    private static void writeRecord(String id, byte[] bytes) {
        String stream = "fs-" + id + "-job";
        tc.streamManager().createStream(tc.scope(), stream, StreamConfiguration.builder().build());
        try (SynchronizerClientFactory sync = SynchronizerClientFactory.withScope(tc.scope(), tc.clientConfig());
             RevisionedStreamClient<byte[]> client = sync.createRevisionedStreamClient(stream,
                     new ByteArraySerializer(), SynchronizerConfig.builder().build())) {
            client.writeUnconditionally(bytes);
        }
    }

    /** How many distinct input values have a committed result in {@code out}. */
    private static int committedValues(String out) {
        return new HashSet<>(tc.events().readAllStrings(out, Duration.ofMinutes(1)).stream()
                .map(r -> r.split(":")[0]).toList()).size();
    }
}
