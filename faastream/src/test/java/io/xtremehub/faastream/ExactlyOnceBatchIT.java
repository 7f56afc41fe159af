package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.examples.TeraSort;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.Telemetry;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Exactly-once batch jobs of several stages, and sorts, with workers killed mid-run. The first
 * stage reads fixed splits: a killed worker's attempt is aborted (the next stage never sees its
 * events) and its splits are done again. A later stage runs epochs: a killed map worker rolls its
 * stage back to the last committed checkpoint, a killed reduce or sort worker rolls its stage back to
 * the start of its input. The output is checked whole: every record once, each key's count and sum
 * exact with one result per key, a sort's parts in name order exactly the sorted input.
 */
@EmbeddedCluster
class ExactlyOnceBatchIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();
    private static final int RECORDS = 1_200;
    private static final int KEYS = 7;
    /** Worker ids of the reduce workers held in {@link #heldCountAndSum}, and what lets them go on. */
    private static final Set<String> EMITTING = new ConcurrentSkipListSet<>();
    private static final CountDownLatch RELEASE = new CountDownLatch(1);
    /** Holds the reducers of {@link #countAndSumAfterTheKill} until the test has killed one of them. */
    private static final CountDownLatch KILLED = new CountDownLatch(1);

    @Test
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    void aBucketBatchThroughAReduceCountsEveryRecordOnceAcrossKilledMapAndReduceWorkers() throws Exception {
        String bucket = tc.newBucket("eobr");
        List<Long> values = writeLines(bucket, RECORDS);
        Pipeline<String> p = Pipeline.fromBucketFolder(bucket, "in/", RecordFormat.lines(), Serializers.utf8())
                .map(ExactlyOnceObjectsIT::slowly, Serializers.utf8()).parallelism(2).named("read")
                .reduce(ExactlyOnceBatchIT::keyOf, ExactlyOnceBatchIT::countAndSum, Serializers.utf8())
                .parallelism(2).named("count")
                .writeToBucket(bucket, "out/");
        Job job = threadManager.manager().execute(p, batch("eo-batch-reduce"));
        awaitEvents(job, 0, false, 100);
        kill("-s0w0-");
        // the surviving map slot's attempt is committed whole when it finishes: the reduce reads it
        awaitEvents(job, 1, true, 300);
        kill("-s1w0-");
        job.awaitCompletion(Duration.ofMinutes(5));
        assertEquals(expected(values), results(linesUnder(bucket, "out/")), "one exact count and sum per key");
        assertAttemptAborted(job, 0);
        assertRolledBack(job, 1);
    }

    @Test
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    void aStreamReadInBatchModeThroughMapsAndAReduceCountsEveryEventOnceAcrossKilledWorkers() throws Exception {
        String in = tc.newStream("eobs-in", 2);
        String out = tc.newStream("eobs-out", 1);
        List<Long> values = LongStream.rangeClosed(1, RECORDS).boxed().toList();
        tc.events().writeKeyedByText(in, values.stream().map(String::valueOf).toList());
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(String::trim, Serializers.utf8()).parallelism(2).named("read")
                .map(ExactlyOnceObjectsIT::slowly, Serializers.utf8()).parallelism(2).named("work")
                .reduce(ExactlyOnceBatchIT::keyOf, ExactlyOnceBatchIT::countAndSumAfterTheKill, Serializers.utf8())
                .parallelism(2).named("count")
                .writeToStream(out);
        Job job = threadManager.manager().execute(p, batch("eo-batch-stream"));
        // the middle stage checkpoints its epochs: a kill rolls it back to the last committed one
        awaitEvents(job, 1, false, 200);
        kill("-s1w0-");
        // the reducers read all there is and then wait: the kill lands on a running one, not after the job
        awaitEvents(job, 2, true, 300);
        kill("-s2w1-");
        KILLED.countDown();
        job.awaitCompletion(Duration.ofMinutes(5));
        assertEquals(expected(values), results(tc.events().readAllStrings(out, Duration.ofMinutes(1))),
                "one exact count and sum per key");
        assertRolledBack(job, 1);
        assertRolledBack(job, 2);
    }

    /**
     * The kill lands after the reduce was told its input is complete (it only emits then): the
     * roll-back writes new end markers, and the new workers must not take the old generation's
     * INPUT_COMPLETE, which they replay from the control channel, as their own. Both reduce workers
     * are held in their first group until the survivor has been told to roll back: the survivor must
     * then let go of the results it was emitting and restart in place, not report them done (the
     * manager waited for its ROLLED_BACK until it gave up on it and replaced it).
     */
    @Test
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    void aReduceWorkerKilledWhileEmittingItsResultsIsRolledBackAndTheOtherRestartsInPlace() throws Exception {
        String bucket = tc.newBucket("eobe");
        String out = tc.newStream("eobe-out", 1);
        List<Long> values = writeLines(bucket, RECORDS);
        Pipeline<String> p = Pipeline.fromBucketFolder(bucket, "in/", RecordFormat.lines(), Serializers.utf8())
                .map(String::trim, Serializers.utf8()).parallelism(2).named("read")
                .reduce(ExactlyOnceBatchIT::keyOf, ExactlyOnceBatchIT::heldCountAndSum, Serializers.utf8())
                .parallelism(2).named("count")
                .writeToStream(out);
        Job job = threadManager.manager().execute(p, batch("eo-batch-emitting"));
        try (StageSignals signals = new StageSignals(tc, job.id(), 1)) {
            await("both reduce workers emitting").atMost(Duration.ofMinutes(3))
                    .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                    .until(() -> EMITTING.size() == 2);
            List<String> emitting = List.copyOf(EMITTING);
            String victim = emitting.get(0);
            String survivor = emitting.get(1);
            assertTrue(threadManager.threads().kill(victim), "could not kill " + victim);
            await("the roll-back order to " + survivor).atMost(Duration.ofMinutes(1))
                    .until(() -> signals.firstCommand(0, m -> m.type() == ControlMessage.Type.ROLL_BACK
                            && m.target().equals(survivor)) >= 0);
            RELEASE.countDown();
            // the manager restarts it in place once it has let go, or cancels and replaces it
            await("the survivor restarted or replaced").atMost(Duration.ofMinutes(2))
                    .until(() -> signals.firstCommand(0, m -> (m.type() == ControlMessage.Type.RESTART
                            || m.type() == ControlMessage.Type.CANCEL) && m.target().equals(survivor)) >= 0);
            assertTrue(signals.firstCommand(0, m -> m.type() == ControlMessage.Type.RESTART
                            && m.target().equals(survivor)) >= 0,
                    survivor + " let go and restarted in place; it reported " + signals.reportTypes(survivor));
            job.awaitCompletion(Duration.ofMinutes(5));
            assertEquals(expected(values), results(tc.events().readAllStrings(out, Duration.ofMinutes(1))),
                    "one exact count and sum per key");
            assertRolledBack(job, 1);
        }
    }

    @Test
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    void aSortWritesEveryRecordOnceInGlobalOrderAcrossKilledPartitionAndSortWorkers() throws Exception {
        String bucket = tc.newBucket("eobsort");
        byte[] a = TeraSort.generate(RECORDS / 2, 17);
        byte[] b = TeraSort.generate(RECORDS / 2, 23);
        tc.objects().put(bucket, "in/a", a);
        tc.objects().put(bucket, "in/b", b);
        Pipeline<byte[]> p = Pipeline.fromBucketFolder(bucket, "in/", RecordFormat.fixed(TeraSort.RECORD),
                        Serializers.bytes())
                .map(ExactlyOnceBatchIT::slowRecord, Serializers.bytes()).parallelism(2).named("partition")
                .routeBy(Routings.lexicographic(TeraSort::key))
                .sortBy(SortOrder.unsignedBytes(0, TeraSort.KEY)).parallelism(2).named("sort")
                .writeToBucket(bucket, "sorted/", RecordFormat.fixed(TeraSort.RECORD));
        Job job = threadManager.manager().execute(p, batch("eo-sort"));
        awaitEvents(job, 0, false, 100);
        kill("-s0w1-");
        awaitEvents(job, 1, true, 300);
        kill("-s1w0-");
        job.awaitCompletion(Duration.ofMinutes(5));

        List<byte[]> expected = new ArrayList<>(records(a));
        expected.addAll(records(b));
        expected.sort(TeraSort::compareKeys);
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        List<String> parts = tc.objects().keys(bucket, "sorted/");
        for (String key : parts) {
            written.write(tc.objects().get(bucket, key));
        }
        List<byte[]> sorted = records(written.toByteArray());
        assertEquals(expected.size(), sorted.size(), "as many records as the input in parts " + parts);
        for (int i = 0; i < sorted.size(); i++) {
            if (!Arrays.equals(expected.get(i), sorted.get(i))) {
                throw new AssertionError("record " + i + " of the parts in name order " + parts
                        + " is not the input's " + i + "th in key order");
            }
        }
        assertTrue(parts.size() >= 2, "both sorters wrote parts: " + parts);
        assertAttemptAborted(job, 0);
        assertRolledBack(job, 1);
    }

    private static JobOptions batch(String name) {
        return JobOptions.builder().mode(Mode.BATCH).exactlyOnce(true).transactionWindow(Duration.ofMillis(500))
                .name(name).build();
    }

    /** Passes a record on after 5 ms, so that the kills land while the stage is still at work. */
    static byte[] slowRecord(byte[] record) {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        return record;
    }

    static String keyOf(String value) {
        return "k" + Long.parseLong(value.trim()) % KEYS;
    }

    static String countAndSum(Group<String, String> g) {
        long sum = 0;
        for (String v : g.values()) {
            sum += Long.parseLong(v.trim());
        }
        return g.key() + " " + g.values().size() + " " + sum;
    }

    /** {@link #countAndSum} once the test lets the worker go on (worker threads share this JVM). */
    static String heldCountAndSum(Group<String, String> g) {
        EMITTING.add(Thread.currentThread().getName().replace("faastream-worker-", ""));
        awaitTest(RELEASE, "the test never let the reduce workers go on");
        return countAndSum(g);
    }

    /** {@link #countAndSum} once the test has killed a reduce worker (worker threads share this JVM). */
    static String countAndSumAfterTheKill(Group<String, String> g) {
        awaitTest(KILLED, "the test never killed a reduce worker");
        return countAndSum(g);
    }

    /** Holds a worker until the test counts {@code latch} down (at most 3 minutes). */
    private static void awaitTest(CountDownLatch latch, String never) {
        try {
            if (!latch.await(3, TimeUnit.MINUTES)) {
                throw new IllegalStateException(never);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Writes the values 1..n as lines into two objects under {@code in/}. */
    private static List<Long> writeLines(String bucket, int n) {
        List<Long> values = LongStream.rangeClosed(1, n).boxed().toList();
        tc.objects().put(bucket, "in/a", lines(values.subList(0, n / 2)));
        tc.objects().put(bucket, "in/b", lines(values.subList(n / 2, n)));
        return values;
    }

    private static byte[] lines(List<Long> values) {
        StringBuilder sb = new StringBuilder();
        values.forEach(v -> sb.append(v).append('\n'));
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> linesUnder(String bucket, String prefix) {
        List<String> lines = new ArrayList<>();
        for (String key : tc.objects().keys(bucket, prefix)) {
            String text = new String(tc.objects().get(bucket, key), StandardCharsets.UTF_8);
            Arrays.stream(text.split("\n")).filter(l -> !l.isEmpty()).forEach(lines::add);
        }
        return lines;
    }

    /** Per key "count sum" of the values. */
    private static Map<String, String> expected(List<Long> values) {
        Map<String, long[]> acc = new TreeMap<>();
        for (long v : values) {
            long[] cs = acc.computeIfAbsent(keyOf(Long.toString(v)), k -> new long[2]);
            cs[0]++;
            cs[1] += v;
        }
        Map<String, String> out = new TreeMap<>();
        acc.forEach((k, cs) -> out.put(k, cs[0] + " " + cs[1]));
        return out;
    }

    /** Per key the job's "count sum"; a key with two results (a split group, a repeat) fails. */
    private static Map<String, String> results(List<String> lines) {
        Map<String, String> out = new TreeMap<>();
        for (String line : lines) {
            String[] f = line.trim().split(" ");
            String before = out.put(f[0], f[1] + " " + f[2]);
            if (before != null) {
                throw new AssertionError("key " + f[0] + " has two results (" + before + ", " + f[1] + " " + f[2]
                        + ") in " + lines);
            }
        }
        return out;
    }

    private static List<byte[]> records(byte[] data) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i + TeraSort.RECORD <= data.length; i += TeraSort.RECORD) {
            out.add(Arrays.copyOfRange(data, i, i + TeraSort.RECORD));
        }
        assertEquals(0, data.length % TeraSort.RECORD, "whole records only");
        return out;
    }

    /** A stage over splits: the kill threw its slot's attempt away (such a stage never rolls back). */
    private static void assertAttemptAborted(Job job, int stage) {
        assertTrue(job.status().stages().get(stage).epochsAborted() >= 1,
                "the kill aborted an attempt of stage " + stage + ": " + job.status());
    }

    /** A stage of epochs: the kill rolled it back (an epoch is aborted only if one was open then). */
    private static void assertRolledBack(Job job, int stage) {
        assertTrue(job.status().stages().get(stage).rollBacks() >= 1,
                "the kill rolled stage " + stage + " back: " + job.status());
    }

    /** Waits until the stage has read ({@code in}) or written at least {@code events}. */
    private static void awaitEvents(Job job, int stage, boolean in, long events) {
        await("stage " + stage + " to " + (in ? "read " : "write ") + events + " events").atMost(Duration.ofMinutes(3))
                .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                .until(() -> job.status().stages().size() > stage
                        && (in ? job.status().stages().get(stage).eventsIn()
                        : job.status().stages().get(stage).eventsOut()) >= events);
    }

    private static String kill(String slot) {
        List<String> running = threadManager.threads().runningWorkers();
        String victim = running.stream().filter(w -> w.contains(slot)).reduce((x, y) -> y)
                .orElseThrow(() -> new AssertionError("no running worker of slot " + slot + ": " + running));
        assertTrue(threadManager.threads().kill(victim), "could not kill worker " + victim);
        return victim;
    }
}
