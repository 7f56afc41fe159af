package io.xtremehub.standalone;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Test helper: events "key,seq,payload" and a reader that groups what it reads by key. */
final class KeyedEvents {
    private KeyedEvents() {
    }

    static String key(int i, int keys) {
        return "key-" + (i % keys);
    }

    static String event(int i, int keys) {
        return key(i, keys) + "," + (i / keys) + ",payload-" + i;
    }

    /** Reads {@code expected} events from the head of the stream; per key, in the order read. */
    static Map<String, List<Integer>> readAll(URI controller, String scope, String stream, int expected) {
        ClientConfig client = ClientConfig.builder().controllerURI(controller).build();
        String group = "it-" + UUID.randomUUID().toString().substring(0, 8);
        Map<String, List<Integer>> byKey = new LinkedHashMap<>();
        try (ReaderGroupManager groups = ReaderGroupManager.withScope(scope, client)) {
            groups.createReaderGroup(group, ReaderGroupConfig.builder()
                    .automaticCheckpointIntervalMillis(1000)
                    .stream(Stream.of(scope, stream)).build());
            try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(scope, client);
                 EventStreamReader<String> reader = clients.createReader("r", group, new UTF8StringSerializer(),
                         ReaderConfig.builder().build())) {
                int read = 0;
                int idlePolls = 0;
                while (read < expected && idlePolls < 30) {
                    EventRead<String> e = reader.readNextEvent(1000);
                    if (e.getEvent() == null) {
                        idlePolls += e.isCheckpoint() ? 0 : 1;
                        continue;
                    }
                    idlePolls = 0;
                    String[] f = e.getEvent().split(",", 3);
                    byKey.computeIfAbsent(f[0], k -> new ArrayList<>()).add(Integer.parseInt(f[1]));
                    read++;
                }
                // anything beyond the expected count would be a duplicate: look for it briefly
                EventRead<String> extra = reader.readNextEvent(2000);
                if (extra.getEvent() != null) {
                    String[] f = extra.getEvent().split(",", 3);
                    byKey.computeIfAbsent(f[0], k -> new ArrayList<>()).add(Integer.parseInt(f[1]));
                }
            } finally {
                groups.deleteReaderGroup(group);
            }
        }
        return byKey;
    }
}
