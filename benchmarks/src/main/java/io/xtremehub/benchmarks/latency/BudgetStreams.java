package io.xtremehub.benchmarks.latency;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.ByteArraySerializer;
import java.net.URI;
import java.util.UUID;

/** The budget's Pravega clients in one scope: one-segment streams, writers, and single-reader groups. */
final class BudgetStreams implements AutoCloseable {
    private final String scope;
    private final StreamManager streams;
    private final EventStreamClientFactory clients;
    private final ReaderGroupManager readerGroups;

    BudgetStreams(URI controller, String scope) {
        this.scope = scope;
        ClientConfig cc = ClientConfig.builder().controllerURI(controller).build();
        this.streams = StreamManager.create(cc);
        this.clients = EventStreamClientFactory.withScope(scope, cc);
        this.readerGroups = ReaderGroupManager.withScope(scope, cc);
    }

    /** A new one-segment stream: one segment is the case where a reader has nothing else to read. */
    String stream(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        streams.createStream(scope, name, StreamConfiguration.builder().scalingPolicy(ScalingPolicy.fixed(1)).build());
        return name;
    }

    EventStreamWriter<byte[]> writer(String stream) {
        return clients.createEventWriter(stream, new ByteArraySerializer(), EventWriterConfig.builder().build());
    }

    /**
     * The only reader of a new group on the stream; {@code checkpointMillis} is the group's automatic
     * checkpoint interval, 0 for none.
     */
    EventStreamReader<byte[]> reader(String stream, long checkpointMillis) {
        String group = stream + "-rg";
        ReaderGroupConfig.ReaderGroupConfigBuilder config = ReaderGroupConfig.builder().stream(Stream.of(scope, stream));
        readerGroups.createReaderGroup(group, checkpointMillis > 0
                ? config.automaticCheckpointIntervalMillis(checkpointMillis).build()
                : config.disableAutomaticCheckpoints().build());
        return clients.createReader("reader", group, new ByteArraySerializer(), ReaderConfig.builder().build());
    }

    @Override
    public void close() {
        readerGroups.close();
        clients.close();
        streams.close();
    }
}
