package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.testkit.ThreadManager;
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

    @Test
    void aWorkerBusyInOneLongCallIsNotDeclaredLost() throws Exception {
        stalled.set(false);
        String in = input("busy-in");
        String out = tc.newStream("busy-out", 1);
        // the stall (8 s, deaf to interrupts, like building a huge event) outlasts four heartbeat timeouts
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(s -> s, Serializers.utf8()).named("pass")
                .map(LostWorkerIT::stallDeafOnce, Serializers.utf8()).named("slow")
                .writeToStream(out);
        JobStatus s = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH)
                .heartbeatTimeout(Duration.ofSeconds(2)).build()).awaitCompletion(Duration.ofMinutes(4));
        Map<String, Long> copies = copies(out);
        assertEquals(expected(), new TreeSet<>(copies.keySet()), "every record reaches the output");
        // a worker declared lost is replaced and its events done again: a live one must never be
        assertEquals(Map.of(), duplicates(copies), "the busy worker was restarted, its events redone");
        assertEquals(RECORDS, s.stages().get(1).eventsIn());
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
        String victim = threadManager.threads().runningWorkers().stream().filter(w -> w.contains("-s1w0-"))
                .findFirst().orElseThrow();
        assertTrue(threadManager.threads().kill(victim), "could not kill " + victim);
        job.awaitCompletion(Duration.ofMinutes(4));
        assertEquals(expected(), new TreeSet<>(copies(out).keySet()), "every record reaches the output");
    }

    /** Stalls on the slow record the first time for 8 s, ignoring interrupts meanwhile. */
    static String stallDeafOnce(String s) {
        if (s.equals(SLOW_RECORD) && stalled.compareAndSet(false, true)) {
            long end = System.currentTimeMillis() + 8_000;
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
