package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.standalone.admin.StreamAdmin;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * At-least-once batch jobs whose second stage (reading through a reader group) holds read but
 * unprocessed events when one of its workers is busy for long in one call or is lost meanwhile:
 * every input record must still reach the output.
 */
@EmbeddedCluster
class LostWorkerIT {
    private static final int RECORDS = 300;
    /** The record the slow function stalls on: early, so the rest waits read but unprocessed in the worker. */
    private static final String SLOW_RECORD = record(5);

    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();

    /** Set once the slow function stalled (first time only), with when it started. */
    static final AtomicBoolean stalled = new AtomicBoolean();
    static final AtomicLong stallStartMillis = new AtomicLong();
    /** The thread the slow function stalled on: its worker's. */
    static volatile String stalledThread;
    private static final int SEALED_RECORDS = 40;
    /** Holds the first stage's last record while set. */
    static final AtomicBoolean firstStageHeld = new AtomicBoolean();

    @Test
    void aWorkerBusyInOneLongCallIsNotDeclaredLost() throws Exception {
        stalled.set(false);
        String in = input("busy-in");
        String out = tc.newStream("busy-out", 1);
        // the stall (20 s, deaf to interrupts, like building a huge event) outlasts three heartbeat timeouts
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(s -> s, Serializers.utf8()).named("pass")
                .map(LostWorkerIT::stallDeafOnce, Serializers.utf8()).named("slow")
                .writeToStream(out);
        JobStatus s = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH)
                .heartbeatTimeout(Duration.ofSeconds(6)).build()).awaitCompletion(Duration.ofMinutes(4));
        Map<String, Long> copies = copies(out);
        assertEquals(expected(), new TreeSet<>(copies.keySet()), "every record reaches the output");
        // a worker declared lost is replaced and its events done again: a live one must never be
        assertEquals(Map.of(), duplicates(copies), "the busy worker was restarted, its events redone");
        assertEquals(RECORDS, s.stages().get(1).eventsIn());
    }

    @Test
    void aFirstStageWorkerBusyMakingOneEventIsNotDeclaredLost() throws Exception {
        // the shape of CoreThreadsIT's 100 MB run: the first stage stalls while it makes one event. Replaced,
        // it redid its whole split, so its earlier results came twice before the big one
        stalled.set(false);
        String in = input("making-in");
        String out = tc.newStream("making-out", 1);
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(LostWorkerIT::stallDeafOnce, Serializers.utf8()).named("make")
                .map(s -> s, Serializers.utf8()).named("pass")
                .writeToStream(out);
        threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH)
                .heartbeatTimeout(Duration.ofSeconds(6)).build()).awaitCompletion(Duration.ofMinutes(4));
        Map<String, Long> copies = copies(out);
        assertEquals(expected(), new TreeSet<>(copies.keySet()), "every record reaches the output");
        assertEquals(Map.of(), duplicates(copies), "the busy worker was restarted, its split redone");
    }

    @Test
    void aWorkerKilledWhileHoldingReadEventsLosesNone() throws Exception {
        stalled.set(false);
        stallStartMillis.set(0);
        String in = input("killed-in");
        String out = tc.newStream("killed-out", 1);
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(s -> s, Serializers.utf8()).named("pass")
                .map(LostWorkerIT::stallUntilInterruptedOnce, Serializers.utf8()).named("slow")
                .writeToStream(out);
        // liveness is left to the kill below: only the crash is under test
        Job job = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH)
                .heartbeatTimeout(Duration.ofMinutes(3)).build());
        // Pravega's reader records its read position in the reader group every 30 s: wait until it
        // has recorded one past the stalled record and the ~300 events queued behind it
        await().atMost(Duration.ofMinutes(2)).until(() -> stallStartMillis.get() > 0
                && System.currentTimeMillis() - stallStartMillis.get() > 35_000);
        String victim = stalledThread.substring("faastream-worker-".length());
        assertTrue(threadManager.threads().kill(victim), "could not kill " + victim);
        job.awaitCompletion(Duration.ofMinutes(4));
        assertEquals(expected(), new TreeSet<>(copies(out).keySet()), "every record reaches the output");
    }

    @Test
    void aKilledFirstStageWorkerHasItsSplitsRedoneWhole() throws Exception {
        stalled.set(false);
        stallStartMillis.set(0);
        String in = input("split-in");
        String out = tc.newStream("split-out", 1);
        // the first stage reads fixed splits of the source, not a reader group: a lost slot starts them over
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(LostWorkerIT::stallUntilInterruptedOnce, Serializers.utf8()).named("slow")
                .map(s -> s, Serializers.utf8()).named("pass")
                .writeToStream(out);
        Job job = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH)
                .heartbeatTimeout(Duration.ofMinutes(3)).build());
        await().atMost(Duration.ofMinutes(2)).until(() -> stallStartMillis.get() > 0);
        String victim = stalledThread.substring("faastream-worker-".length());
        assertTrue(victim.contains("-s0w"), victim);
        assertTrue(threadManager.threads().kill(victim), "could not kill " + victim);
        job.awaitCompletion(Duration.ofMinutes(4));
        assertEquals(expected(), new TreeSet<>(copies(out).keySet()), "every record reaches the output");
    }

    @Test
    void aWorkerLostAfterReadingToTheEndOfASealedSegmentLosesNone() throws Exception {
        stalled.set(false);
        stallStartMillis.set(0);
        firstStageHeld.set(true);
        String in = tc.newStream("sealed-in", 1);
        // events over a quarter of a pack travel alone: each is in the next stage's input as soon as it is made
        tc.events().writeStrings(in, IntStream.range(0, SEALED_RECORDS).mapToObj(LostWorkerIT::record).toList());
        String out = tc.newStream("sealed-out", 1);
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(LostWorkerIT::padHoldingTheLast, Serializers.utf8()).named("pad")
                .map(LostWorkerIT::unpadStallingOnce, Serializers.utf8()).named("slow")
                .writeToStream(out);
        Job job = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH)
                .scalingPolicy(new SplitSecondStageInputOnStall()).scalingInterval(Duration.ofMillis(300))
                .heartbeatTimeout(Duration.ofMinutes(3)).build());
        String slowInput = new JobNames(job.id()).dataStream(1);
        try (StreamAdmin admin = new StreamAdmin(tc.controllerUri())) {
            // the second stage's input segment is sealed (split in two) while its worker holds the
            // events after the stalled one unprocessed; its reader reads on to the sealed end
            await().atMost(Duration.ofMinutes(2)).until(() -> stallStartMillis.get() > 0
                    && admin.segments(tc.scope(), slowInput).size() == 2);
        }
        await().atMost(Duration.ofMinutes(1)).until(() -> System.currentTimeMillis() - stallStartMillis.get() > 10_000);
        String victim = stalledThread.substring("faastream-worker-".length());
        assertTrue(threadManager.threads().kill(victim), "could not kill " + victim);
        firstStageHeld.set(false);
        job.awaitCompletion(Duration.ofMinutes(4));
        TreeSet<String> expected = IntStream.range(0, SEALED_RECORDS).mapToObj(LostWorkerIT::record)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(expected, new TreeSet<>(copies(out).keySet()), "every record reaches the output");
    }

    /** One worker per stage; the second stage's input goes from one segment to two once the slow function stalls. */
    static final class SplitSecondStageInputOnStall extends ScalingPolicy {
        @Override
        public void addWorkerStats(WorkerStats stats) {
        }

        @Override
        public int getWorkers(int stage) {
            return 1;
        }

        @Override
        public int getPartitions(int stage) {
            return stage == 1 && stallStartMillis.get() > 0 ? 2 : 1;
        }
    }

    /** Pads each record past a quarter pack (so it travels alone), and holds the last until released. */
    static String padHoldingTheLast(String s) throws InterruptedException {
        if (s.equals(record(SEALED_RECORDS - 1))) {
            // the first stage not done keeps the second stage scalable
            while (firstStageHeld.get()) {
                Thread.sleep(50);
            }
        }
        return s + "|" + "x".repeat(300_000);
    }

    static String unpadStallingOnce(String s) {
        return stallUntilInterruptedOnce(s.substring(0, s.indexOf('|')));
    }

    /** Stalls on the slow record the first time for 20 s, ignoring interrupts meanwhile. */
    static String stallDeafOnce(String s) {
        if (s.equals(SLOW_RECORD) && stalled.compareAndSet(false, true)) {
            long end = System.currentTimeMillis() + 20_000;
            boolean interrupted = false;
            while (System.currentTimeMillis() < end) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return s;
    }

    /** Stalls on the slow record the first time until interrupted (at most 3 minutes), then returns. */
    static String stallUntilInterruptedOnce(String s) {
        if (s.equals(SLOW_RECORD) && stalled.compareAndSet(false, true)) {
            stalledThread = Thread.currentThread().getName();
            stallStartMillis.set(System.currentTimeMillis());
            try {
                Thread.sleep(180_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // a well-behaved function passes the interrupt on
            }
        }
        return s;
    }

    private static String input(String name) {
        String in = tc.newStream(name, 1);
        tc.events().writeStrings(in, IntStream.range(0, RECORDS).mapToObj(LostWorkerIT::record).toList());
        return in;
    }

    private static String record(int i) {
        return String.format("r%03d", i);
    }

    private static TreeSet<String> expected() {
        return IntStream.range(0, RECORDS).mapToObj(LostWorkerIT::record).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Map<String, Long> copies(String out) {
        List<String> all = tc.events().readAllStrings(out, Duration.ofSeconds(60));
        return new HashMap<>(all.stream().collect(Collectors.groupingBy(x -> x, Collectors.counting())));
    }

    private static Map<String, Long> duplicates(Map<String, Long> copies) {
        return copies.entrySet().stream().filter(e -> e.getValue() > 1)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }
}
