package io.xtremehub.autoscaler.act;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import io.xtremehub.testkit.UniqueNames;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.TestCluster;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The stream-segments actuator on a real cluster: it rescales a stream up and down while keyed
 * events are written between the steps, and a reader group then reads every event once, each
 * key in order across the sealed segments and their successors.
 */
@EmbeddedCluster
class StreamSegmentCountIT {
    private static final String SCOPE = TestCluster.SCOPE;
    private static final int KEYS = 16;

    @Test
    void rescalesUpAndDownKeepingEveryEventOnceAndInKeyOrder(TestCluster pravega) throws Exception {
        ClientConfig client = pravega.clientConfig();
        String rescaled = pravega.newStream("rescaled", 1);
        String floor2 = pravega.newStream("floor2", 2);
        long[] next = new long[KEYS];
        try (StreamSegmentCount segments = new StreamSegmentCount(client, SCOPE, rescaled);
             EventStreamClientFactory clients = EventStreamClientFactory.withScope(SCOPE, client);
             EventStreamWriter<String> writer = clients.createEventWriter(rescaled, new UTF8StringSerializer(),
                     EventWriterConfig.builder().build())) {
            for (int target : new int[] {4, 7, 2, 1}) {
                write(writer, next, 200);
                segments.scaleTo(target);
                assertEquals(target, segments.current());
            }
            write(writer, next, 200);
            assertEquals(5 * 200, readInKeyOrder(client, rescaled, 5 * 200));
        }
        try (StreamSegmentCount floor = new StreamSegmentCount(client, SCOPE, floor2)) {
            ActuatorException refused = assertThrows(ActuatorException.class, () -> floor.scaleTo(1));
            assertTrue(refused.getMessage().contains("minimum segments"), refused.getMessage());
            assertEquals(2, floor.current(), "a refused scale leaves the segments as they were");
            assertThrows(ActuatorException.class, () -> floor.scaleTo(0));
        }
    }

    private static void write(EventStreamWriter<String> writer, long[] next, int count) {
        for (int i = 0; i < count; i++) {
            int key = i % KEYS;
            writer.writeEvent("k" + key, "k" + key + ":" + next[key]++);
        }
        writer.flush();
    }

    /**
     * Reads with one reader until {@code expected} events came or none came for 30 s (a reader may
     * see empty reads while it moves to successor segments); fails on a gap, a repeat or a key out
     * of order.
     */
    private static long readInKeyOrder(ClientConfig client, String stream, long expected) {
        Map<String, Long> next = new HashMap<>();
        long read = 0;
        String group = UniqueNames.of("check");
        try (ReaderGroupManager groups = ReaderGroupManager.withScope(SCOPE, client)) {
            // a reader hands a sealed segment's successors on at the next checkpoint: checkpoint often
            groups.createReaderGroup(group, ReaderGroupConfig.builder().stream(Stream.of(SCOPE, stream))
                    .automaticCheckpointIntervalMillis(500).build());
            try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(SCOPE, client);
                 EventStreamReader<String> reader = clients.createReader("r", group, new UTF8StringSerializer(),
                         ReaderConfig.builder().build())) {
                long lastEvent = System.nanoTime();
                while (read < expected && System.nanoTime() - lastEvent < 30_000_000_000L) {
                    EventRead<String> e = reader.readNextEvent(1000);
                    if (e.getEvent() == null) {
                        continue;
                    }
                    lastEvent = System.nanoTime();
                    String key = e.getEvent().substring(0, e.getEvent().indexOf(':'));
                    long seq = Long.parseLong(e.getEvent().substring(key.length() + 1));
                    assertEquals(next.getOrDefault(key, 0L), seq, "key " + key + " out of order or repeated");
                    next.put(key, seq + 1);
                    read++;
                }
                EventRead<String> extra = reader.readNextEvent(2000);
                assertEquals(null, extra.getEvent(), "an event beyond those written");
            }
        }
        return read;
    }
}
