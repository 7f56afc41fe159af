package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Exactly-once for what a job writes besides its output stream: bucket sink parts, dead letters
 * and parked large events, each with workers crashed mid-run (and, for the bucket sink, the manager
 * killed); and for batch jobs over bucket objects, whose crashed worker's attempt is thrown away.
 * A crash aborts the epochs (or attempts) under way; the check is that none of what they wrote is
 * ever visible and the committed output holds each result once.
 */
@EmbeddedCluster
class ExactlyOnceObjectsIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();
    private static final int EVENTS = ExactlyOnceIT.EVENTS;
    private static final String SPILL = "faastream-spill";

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void bucketSinkPartsAppearOnlyWhenTheirEpochCommitsAndHoldEachResultOnce() throws Exception {
        String in = tc.newStream("eob-in", 2);
        String bucket = tc.newBucket("eob-out");
        Job job = threadManager.manager().execute(Pipeline.fromStream(in, Serializers.utf8())
                .map(new ExactlyOnceIT.RunningSum(), Serializers.utf8()).named("sum").writeToBucket(bucket, "sum/"),
                options("eo-bucket-sum").build());
        try (SinkWatcher watcher = new SinkWatcher(bucket);
             SteadyInput input = new SteadyInput(tc, in, EVENTS, false)) {
            crashTwice(job, 0, "-s0w0-");
            awaitAllValues(job, () -> bucketResults(bucket));
            input.assertFinished();
            job.cancel();
            watcher.assertNothingSeenWasWithdrawn();
        }
        List<String> results = bucketResults(bucket);
        assertEquals(List.of(), ExactlyOnceIT.violations(results), "exactly once in the bucket: " + results.size()
                + " results");
        StageMetrics sum = job.status().stages().get(0);
        assertTrue(sum.epochsAborted() >= 2, "the crashes aborted epochs: " + sum);
    }

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void deadLettersOfAbortedEpochsNeverReachTheDeadLetterStream() throws Exception {
        String in = tc.newStream("eod-in", 2);
        String out = tc.newStream("eod-out", 1);
        String dead = tc.newStream("eod-dead", 1);
        Job job = threadManager.manager().execute(Pipeline.fromStream(in, Serializers.utf8())
                .map(ExactlyOnceObjectsIT::refuseThrees, Serializers.utf8()).named("check").writeToStream(out),
                options("eo-dead-letters").errorPolicy(ErrorPolicy.deadLetter(dead)).build());
        try (SteadyInput input = new SteadyInput(tc, in, EVENTS, false)) {
            crashTwice(job, 0, "-s0w0-");
            awaitAllValues(job, () -> {
                List<String> all = new ArrayList<>(tc.events().readAllStrings(out, Duration.ofMinutes(1)));
                all.addAll(deadValues(dead));
                return all;
            });
            input.assertFinished();
        } finally {
            job.cancel();
        }
        Map<Long, Long> outCounts = counts(tc.events().readAllStrings(out, Duration.ofMinutes(1)));
        Map<Long, Long> deadCounts = counts(deadValues(dead));
        Map<Long, Long> expectedOut = new TreeMap<>();
        Map<Long, Long> expectedDead = new TreeMap<>();
        LongStream.rangeClosed(1, EVENTS).forEach(v -> (v % 10 == 3 ? expectedDead : expectedOut).put(v, 1L));
        assertEquals(expectedDead, deadCounts, "each refused value once in the dead letters");
        assertEquals(expectedOut, outCounts, "each other value once in the output");
        assertTrue(job.status().stages().get(0).epochsAborted() >= 2, job.status().toString());
    }

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void largeEventsParkedByAbortedEpochsAreDeleted() throws Exception {
        String in = tc.newStream("eol-in", 2);
        String out = tc.newStream("eol-out", 1);
        // every event between the stages is parked: far above the threshold
        Job job = threadManager.manager().execute(Pipeline.fromStream(in, Serializers.utf8())
                .map(v -> v + ":" + "x".repeat(400), Serializers.utf8()).named("pad")
                .map(ExactlyOnceObjectsIT::unpad, Serializers.utf8()).named("unpad").writeToStream(out),
                options("eo-large").largeEventThreshold(200).cleanup(false).build());
        String epochs = "jobs/" + job.id() + "/epochs/";
        try (SteadyInput input = new SteadyInput(tc, in, EVENTS, false)) {
            crashTwice(job, 0, "-s0w0-");
            awaitAllValues(job, () -> tc.events().readAllStrings(out, Duration.ofMinutes(1)));
            input.assertFinished();
        } finally {
            job.cancel();
        }
        try {
            Map<Long, Long> outCounts = counts(tc.events().readAllStrings(out, Duration.ofMinutes(1)));
            assertEquals(EVENTS, outCounts.size(), "every value arrived");
            assertTrue(outCounts.values().stream().allMatch(n -> n == 1), "each value once: " + outCounts);
            assertTrue(job.status().stages().get(0).epochsAborted() >= 2, job.status().toString());
            // the crashes rolled back the stage they hit, never the one after it (it reads committed output only)
            assertTrue(job.status().stages().get(0).rollBacks() >= 2, job.status().toString());
            assertEquals(0, job.status().stages().get(1).rollBacks(), job.status().toString());
            // one parked object per committed event: none left of the events of aborted epochs
            long parked = tc.objects().keys(SPILL, epochs).stream().filter(k -> k.contains("/large/")).count();
            assertEquals(EVENTS, parked, "parked large events left after the job");
        } finally {
            for (String key : tc.objects().keys(SPILL, "jobs/" + job.id() + "/")) {
                tc.s3().deleteObject(r -> r.bucket(SPILL).key(key));
            }
        }
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aBucketSinkJobOfAKilledManagerResumesExactlyOnce() throws Exception {
        String in = tc.newStream("eobm-in", 2);
        String bucket = tc.newBucket("eobm-out");
        Path logs = Path.of("target", "eo-objects-it");
        ManagerJvm firstJvm = ManagerJvm.start(tc, logs, in, "s3://" + bucket + "/sum/");
        Process first = firstJvm.process();
        List<ProcessHandle> oldWorkers = new ArrayList<>();
        String jobId = firstJvm.awaitJobId();
        try (SinkWatcher watcher = new SinkWatcher(bucket);
             SteadyInput input = new SteadyInput(tc, in, EVENTS, true)) {
            await("a quarter of the results committed by the first manager").atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofMillis(500))
                    .failFast("the first manager exited: " + firstJvm.tail(), () -> !first.isAlive())
                    .until(() -> distinct(bucketResults(bucket)) >= EVENTS / 4);
            oldWorkers.addAll(first.descendants().toList());
            first.destroyForcibly();
            assertTrue(first.waitFor(30, TimeUnit.SECONDS), "the first manager did not die");
            try (Manager second = Manager.builder().controllerUri(tc.controllerUri())
                    .objectStore(io.xtremehub.faastream.testkit.ObjectStores.of(tc))
                    .platform(new io.xtremehub.faastream.platform.ThreadPlatform()).build()) {
                ResumedJobs resumed = second.resumeJobs();
                Job job = resumed.resumed().stream().filter(j -> j.id().equals(jobId)).findFirst()
                        .orElseThrow(() -> new AssertionError("job " + jobId + " was not resumed: " + resumed));
                input.writeSecondHalf();
                awaitAllValues(job, () -> bucketResults(bucket));
                input.assertFinished();
                job.cancel();
            }
            watcher.assertNothingSeenWasWithdrawn();
        } finally {
            first.destroyForcibly();
            oldWorkers.forEach(ProcessHandle::destroyForcibly);
        }
        List<String> results = bucketResults(bucket);
        assertEquals(List.of(), ExactlyOnceIT.violations(results), "exactly once in the bucket across the manager's "
                + "kill: " + results.size() + " results");
    }

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aBatchOverABucketWhoseWorkerCrashesWritesEachRecordOnce() throws Exception {
        String bucket = tc.newBucket("eobb-in");
        String out = tc.newStream("eobb-out", 1);
        List<String> records = writeInput(bucket, 600);
        Job job = threadManager.manager().execute(Pipeline.fromBucketFolder(bucket, "in/", RecordFormat.lines(),
                        Serializers.utf8()).map(ExactlyOnceObjectsIT::slowly, Serializers.utf8()).parallelism(2)
                        .named("copy").writeToStream(out),
                JobOptions.builder().mode(Mode.BATCH).exactlyOnce(true).name("eo-batch").build());
        awaitOutput(job, 0, 100);
        kill("-s0w0-");
        job.awaitCompletion(Duration.ofMinutes(3));
        List<String> written = tc.events().readAllStrings(out, Duration.ofMinutes(1));
        assertEquals(counts(records), counts(written), "each record once after the crash");
        assertTrue(job.status().stages().get(0).epochsAborted() >= 1, job.status().toString());
    }

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aBatchIntoABucketShowsNothingOfAnUnfinishedAttempt() throws Exception {
        String bucket = tc.newBucket("eobo");
        List<String> records = writeInput(bucket, 300);
        Job job = threadManager.manager().execute(Pipeline.fromBucketFolder(bucket, "in/", RecordFormat.lines(),
                        Serializers.utf8()).map(ExactlyOnceObjectsIT::slowly, Serializers.utf8()).named("copy")
                        .writeToBucket(bucket, "out/", RecordFormat.whole()),
                JobOptions.builder().mode(Mode.BATCH).exactlyOnce(true).name("eo-batch-objects").build());
        awaitOutput(job, 0, 100);
        // one object per record: at-least-once, a hundred would be there by now
        assertEquals(List.of(), tc.objects().keys(bucket, "out/"), "objects of an attempt that has not finished");
        kill("-s0w0-");
        job.awaitCompletion(Duration.ofMinutes(3));
        List<String> written = tc.objects().keys(bucket, "out/").stream()
                .map(k -> new String(tc.objects().get(bucket, k), StandardCharsets.UTF_8)).toList();
        assertEquals(counts(records), counts(written), "each record once after the crash");
    }

    /** Writes {@code n} records as lines into two objects under {@code in/}; returns them. */
    private static List<String> writeInput(String bucket, int n) {
        List<String> records = LongStream.rangeClosed(1, n).mapToObj(Long::toString).toList();
        int half = n / 2;
        tc.objects().put(bucket, "in/a", bytes(records.subList(0, half)));
        tc.objects().put(bucket, "in/b", bytes(records.subList(half, n)));
        return records;
    }

    private static byte[] bytes(List<String> lines) {
        return (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** Passes a record on after 10 ms, so that a worker is still at work when the test crashes it. */
    static String slowly(String s) {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        return s.trim();
    }

    private static JobOptions.Builder options(String name) {
        return JobOptions.builder().mode(Mode.STREAM).exactlyOnce(true).transactionWindow(Duration.ofMillis(500))
                .name(name);
    }

    static String refuseThrees(String s) {
        long v = Long.parseLong(s.trim());
        if (v % 10 == 3) {
            throw new IllegalArgumentException("refused " + v);
        }
        return Long.toString(v);
    }

    static String unpad(String s) {
        return s.substring(0, s.indexOf(':'));
    }

    /** The lines of every object the job published under {@code sum/}, in name order. */
    private static List<String> bucketResults(String bucket) {
        List<String> lines = new ArrayList<>();
        for (String key : tc.objects().keys(bucket, "sum/")) {
            String text = new String(tc.objects().get(bucket, key), StandardCharsets.UTF_8);
            Arrays.stream(text.split("\n")).filter(l -> !l.isEmpty()).forEach(lines::add);
        }
        return lines;
    }

    /** The input values of the dead letters in {@code stream} (their payloads). */
    private static List<String> deadValues(String stream) {
        ObjectMapper json = new ObjectMapper();
        return tc.events().readAllStrings(stream, Duration.ofMinutes(1)).stream().map(s -> {
            try {
                return new String(Base64.getDecoder().decode(json.readTree(s).get("payload").asText()),
                        StandardCharsets.UTF_8).trim();
            } catch (java.io.IOException e) {
                throw new AssertionError("not a dead letter: " + s, e);
            }
        }).toList();
    }

    /** How often each value appears; a result is {@code value} or {@code value:anything}. */
    private static Map<Long, Long> counts(List<String> results) {
        return results.stream().map(r -> Long.parseLong(r.split(":")[0]))
                .collect(Collectors.groupingBy(v -> v, TreeMap::new, Collectors.counting()));
    }

    private static int distinct(List<String> results) {
        return counts(results).size();
    }

    private static void awaitAllValues(Job job, Supplier<List<String>> results) {
        await("a result for each of the " + EVENTS + " values").atMost(Duration.ofMinutes(3))
                .pollInterval(Duration.ofSeconds(2))
                .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                .until(() -> distinct(results.get()) == EVENTS);
    }

    /** Crashes the slot's worker once it has produced results, then its successor once that one has too. */
    private static void crashTwice(Job job, int stage, String slot) {
        awaitOutput(job, stage, EVENTS / 4);
        String first = kill(slot);
        await("a successor of " + first).atMost(Duration.ofMinutes(2))
                .until(() -> threadManager.threads().runningWorkers().stream()
                        .anyMatch(w -> w.contains(slot) && !w.equals(first)));
        awaitOutput(job, stage, EVENTS / 2);
        kill(slot);
    }

    private static String kill(String slot) {
        List<String> running = threadManager.threads().runningWorkers();
        String victim = running.stream().filter(w -> w.contains(slot)).reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("no running worker of slot " + slot + ": " + running));
        assertTrue(threadManager.threads().kill(victim), "could not kill worker " + victim);
        return victim;
    }

    private static void awaitOutput(Job job, int stage, long events) {
        await("stage " + stage + " to produce " + events + " results").atMost(Duration.ofMinutes(2))
                .until(() -> job.status().stages().size() > stage
                        && job.status().stages().get(stage).eventsOut() >= events);
    }

    /**
     * Lists a sink bucket every 100 ms while a job runs and keeps the first content of every object
     * it sees: an object that later disappears or changes was visible before its epoch was decided.
     * The store may list an object whose copy is still being written (a read then finds no key):
     * such a key is read again at the next listing, and it too must be there at the end. The embedded
     * store (S3Proxy's filesystem backend) writes an object into a file named {@code <key>-<random
     * UUID>} and renames it when complete, and a listing can catch that file: such a name counts as
     * its object, which must be there at the end with the same content.
     */
    private static final class SinkWatcher implements AutoCloseable {
        private final String bucket;
        private final Map<String, byte[]> seen = new HashMap<>();
        private final java.util.Set<String> listedUnreadable = new java.util.HashSet<>();
        private final Thread thread;
        private volatile boolean stop;
        private volatile Throwable error;
        private volatile int listings;

        SinkWatcher(String bucket) {
            this.bucket = bucket;
            this.thread = new Thread(this::watch, "sink-watcher");
            thread.setDaemon(true);
            thread.start();
        }

        private void watch() {
            try {
                while (!stop) {
                    for (String key : tc.objects().keys(bucket, "")) {
                        if (!seen.containsKey(key)) {
                            try {
                                seen.put(key, tc.objects().get(bucket, key));
                            } catch (software.amazon.awssdk.services.s3.model.NoSuchKeyException e) {
                                listedUnreadable.add(key);
                            }
                        }
                    }
                    listings++;
                    Thread.sleep(100);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Throwable t) {
                error = t;
            }
        }

        private static final java.util.regex.Pattern TEMPORARY_FILE = java.util.regex.Pattern.compile(
                "(.+)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

        /** The object a listed key stands for: itself, or the object the backend was writing under it. */
        private static String objectOf(String listed, List<String> now) {
            java.util.regex.Matcher m = TEMPORARY_FILE.matcher(listed);
            return !now.contains(listed) && m.matches() ? m.group(1) : listed;
        }

        void assertNothingSeenWasWithdrawn() throws InterruptedException {
            stop = true;
            thread.join(30_000);
            assertFalse(thread.isAlive(), "the watcher did not stop");
            if (error != null) {
                throw new AssertionError("watching " + bucket + " failed", error);
            }
            assertTrue(listings > 10, "the watcher listed the bucket " + listings + " times");
            assertFalse(seen.isEmpty(), "the watcher saw no object");
            List<String> now = tc.objects().keys(bucket, "");
            for (String listed : listedUnreadable) {
                String key = objectOf(listed, now);
                assertTrue(now.contains(key), "object " + key + " was listed during the run, then withdrawn: it "
                        + "belonged to an epoch that was not committed");
            }
            for (Map.Entry<String, byte[]> e : seen.entrySet()) {
                String key = objectOf(e.getKey(), now);
                assertTrue(now.contains(key), "object " + key + " was visible during the run, then "
                        + "withdrawn: it belonged to an epoch that was not committed");
                byte[] last = tc.objects().get(bucket, key);
                // a file the backend was still writing was read in part
                byte[] expected = key.equals(e.getKey()) ? last
                        : Arrays.copyOf(last, Math.min(last.length, e.getValue().length));
                assertArrayEquals(expected, e.getValue(), "object " + key + " changed after it was visible");
                assertTrue(key.startsWith("sum/part-"), "unexpected object " + key);
            }
        }

        @Override
        public void close() throws InterruptedException {
            stop = true;
            thread.join(30_000);
        }
    }
}
