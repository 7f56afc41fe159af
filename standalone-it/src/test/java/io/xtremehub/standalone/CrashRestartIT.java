package io.xtremehub.standalone;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standalone cluster as a user runs it ({@code xtremehub standalone} in its own JVM), killed
 * with SIGKILL while a writer is busy and started again on the same data directory, round after
 * round: it must come back every time without waiting for its own previous run's ZooKeeper
 * sessions, and every acknowledged event must be there once, in per-key order. A cluster whose
 * component dies must stop with one line instead of hanging.
 */
class CrashRestartIT {
    private static final String SCOPE = StandaloneCluster.DEFAULT_SCOPE;
    private static final String STREAM = "crash-restart";
    private static final int KEYS = 20;
    private static final int CRASHES = 5;
    private static final int ACKS_PER_ROUND = 3_000;
    // Not a speed target: far above a restart (seconds) and far below "never comes back".
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

    @TempDir
    Path dataDir;
    @TempDir
    Path logDir;

    // Retries span a restart (seconds) but give up within ~2 minutes once the cluster is gone for good,
    // so a failed round reports its error instead of the writer's close waiting for ever.
    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void comesBackAfterEveryKillWithEveryAcknowledgedEvent() throws Exception {
        List<Duration> restarts = new ArrayList<>();
        ClusterProcess cluster = ClusterProcess.start(dataDir, logDir, START_TIMEOUT);
        URI controller = cluster.controllerUri();
        try (StreamManager streams = StreamManager.create(controller)) {
            assertTrue(streams.createStream(SCOPE, STREAM,
                    StreamConfiguration.builder().scalingPolicy(ScalingPolicy.fixed(2)).build()));
        }
        ClientConfig client = ClientConfig.builder().controllerURI(controller).build();
        try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(SCOPE, client);
             EventStreamWriter<String> writer = clients.createEventWriter(STREAM, new UTF8StringSerializer(),
                     EventWriterConfig.builder().retryAttempts(120).initialBackoffMillis(10)
                             .maxBackoffMillis(1_000).build())) {
            BusyWriter busy = new BusyWriter(writer);
            Thread writing = new Thread(busy, "busy-writer");
            writing.start();
            for (int round = 1; round <= CRASHES; round++) {
                busy.awaitAcks(busy.acked.size() + ACKS_PER_ROUND);
                cluster.kill();
                assertEquals(controller, (cluster = ClusterProcess.start(dataDir, logDir, START_TIMEOUT)).controllerUri(),
                        "a restart on the same data directory comes back at the same address");
                restarts.add(cluster.startTime());
                cluster.console().stream().filter(l -> l.contains("cluster up in")).forEach(System.out::println);
            }
            busy.awaitAcks(busy.acked.size() + ACKS_PER_ROUND); // the writer got through to the last run
            busy.stop.set(true);
            writing.join();
            flush(writer);
            System.out.println("CrashRestartIT: restarts after kill -9 (JVM start included): " + restarts
                    + "; acknowledged " + busy.acked.size() + " of " + busy.written.get() + " written");

            Map<String, List<Integer>> read = KeyedEvents.readAll(controller, SCOPE, STREAM, busy.written.get());
            assertEveryAcknowledgedEventOnceInOrder(busy, read);
        } finally {
            cluster.close();
        }
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void stopsWithOneLineWhenAComponentDies() throws Exception {
        try (ClusterProcess cluster = ClusterProcess.start(dataDir, logDir, START_TIMEOUT)) {
            // Frozen for longer than any ZooKeeper session timeout: when it wakes up its components'
            // sessions have expired, and they stop (the controller fails, the bookie shuts down).
            cluster.signal("STOP");
            Thread.sleep( // a deliberate freeze, not a wait for a condition
                    Duration.ofSeconds(30).toMillis());
            cluster.signal("CONT");
            Integer exit = cluster.awaitExit(Duration.ofMinutes(2));
            List<String> console = cluster.console();
            assertEquals(1, exit, "the cluster stops by itself, exit code 1; console:\n" + String.join("\n", console));
            List<String> stopped = console.stream().filter(l -> l.contains("XtremeHub cluster stopped: ")).toList();
            assertEquals(1, stopped.size(), "one line says why:\n" + String.join("\n", console));
            assertTrue(console.stream().noneMatch(l -> l.startsWith("\tat ")), "no stack trace on the console");
        }
    }

    private static void assertEveryAcknowledgedEventOnceInOrder(BusyWriter busy, Map<String, List<Integer>> read) {
        int total = 0;
        for (Map.Entry<String, List<Integer>> key : read.entrySet()) {
            List<Integer> seqs = key.getValue();
            total += seqs.size();
            for (int i = 1; i < seqs.size(); i++) {
                assertTrue(seqs.get(i - 1) < seqs.get(i), "events of " + key.getKey() + " once each, in order: "
                        + seqs.get(i - 1) + " then " + seqs.get(i));
            }
        }
        for (int i : busy.acked) {
            List<Integer> seqs = read.get(KeyedEvents.key(i, KEYS));
            assertTrue(seqs != null && seqs.contains(i / KEYS), "acknowledged event " + i + " was read back");
        }
        assertTrue(total <= busy.written.get(), "nothing read that was not written");
    }

    /**
     * The writer's flush and close rethrow the same stored failure: wrapped here, so that close's
     * exception is suppressed into this one instead of hiding it ("Self-suppression not permitted").
     */
    private static void flush(EventStreamWriter<String> writer) {
        try {
            writer.flush();
        } catch (RuntimeException e) {
            throw new AssertionError("the writer gave up on events it had not had acknowledged", e);
        }
    }

    /** Writes keyed events without pause, at most a bounded number unacknowledged, until told to stop. */
    private static final class BusyWriter implements Runnable {
        final Set<Integer> acked = ConcurrentHashMap.newKeySet();
        final AtomicInteger written = new AtomicInteger();
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final Semaphore inFlight = new Semaphore(500);
        private final EventStreamWriter<String> writer;

        BusyWriter(EventStreamWriter<String> writer) {
            this.writer = writer;
        }

        @Override
        public void run() {
            try {
                while (!stop.get()) {
                    inFlight.acquire();
                    int i = written.getAndIncrement();
                    writer.writeEvent(KeyedEvents.key(i, KEYS), KeyedEvents.event(i, KEYS)).whenComplete((ok, failed) -> {
                        if (failed == null) {
                            acked.add(i);
                        } else {
                            failure.compareAndSet(null, failed);
                        }
                        inFlight.release();
                    });
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void awaitAcks(int count) {
            await("writer acknowledged " + count + " events").atMost(START_TIMEOUT)
                    .pollInterval(Duration.ofMillis(50))
                    .failFast("the writer gave up", () -> failure.get() != null)
                    .until(() -> acked.size() >= count);
        }
    }
}
