package io.xtremehub.benchmarks;

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
import io.xtremehub.pravega.ReaderWakeUp;
import java.net.URI;
import java.util.UUID;

/** The benchmark's own Pravega clients in one scope: fresh streams, and byte-array writers and readers on them. */
public final class PravegaClients implements AutoCloseable {
    private final String scope;
    private final StreamManager streams;
    private final EventStreamClientFactory clients;
    // the same client with ReaderWakeUp, for readers compared against the client as it comes
    private final EventStreamClientFactory wakingClients;
    private final ReaderGroupManager readerGroups;

    public PravegaClients(URI controller, String scope) {
        this.scope = scope;
        ClientConfig cc = ClientConfig.builder().controllerURI(controller).build();
        this.streams = StreamManager.create(cc);
        this.clients = EventStreamClientFactory.withScope(scope, cc);
        this.wakingClients = ReaderWakeUp.install(EventStreamClientFactory.withScope(scope, cc));
        this.readerGroups = ReaderGroupManager.withScope(scope, cc);
    }

    /** Creates a stream with a unique name starting with the prefix and a fixed number of segments. */
    public String stream(String prefix, int segments) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        streams.createStream(scope, name, StreamConfiguration.builder()
                .scalingPolicy(ScalingPolicy.fixed(segments)).build());
        return name;
    }

    /**
     * The only reader of a new reader group on the stream, from its start. The group is left when the
     * reader closes: the cluster is discarded, and deleting one can block on a read of its tiered state.
     */
    public EventStreamReader<byte[]> reader(String stream) {
        return reader(ReaderGroupConfig.builder().stream(Stream.of(scope, stream)).build(), stream);
    }

    /** As {@link #reader(String)} (the group's default checkpoints), from a factory with {@link ReaderWakeUp} if {@code wakeUp}. */
    public EventStreamReader<byte[]> reader(String stream, boolean wakeUp) {
        return reader(ReaderGroupConfig.builder().stream(Stream.of(scope, stream)).build(), stream,
                wakeUp ? wakingClients : clients);
    }

    /** As {@link #reader(String)}, with automatic checkpoints every {@code checkpointMillis} (0: none). */
    public EventStreamReader<byte[]> reader(String stream, long checkpointMillis) {
        return reader(stream, checkpointMillis, false);
    }

    /** As {@link #reader(String, long)}, from a client factory with {@link ReaderWakeUp} if {@code wakeUp}. */
    public EventStreamReader<byte[]> reader(String stream, long checkpointMillis, boolean wakeUp) {
        ReaderGroupConfig.ReaderGroupConfigBuilder config = ReaderGroupConfig.builder().stream(Stream.of(scope, stream));
        return reader(checkpointMillis > 0 ? config.automaticCheckpointIntervalMillis(checkpointMillis).build()
                : config.disableAutomaticCheckpoints().build(), stream, wakeUp ? wakingClients : clients);
    }

    private EventStreamReader<byte[]> reader(ReaderGroupConfig config, String stream) {
        return reader(config, stream, clients);
    }

    private EventStreamReader<byte[]> reader(ReaderGroupConfig config, String stream, EventStreamClientFactory factory) {
        String rg = stream + "-rg-" + UUID.randomUUID().toString().substring(0, 8);
        readerGroups.createReaderGroup(rg, config);
        return factory.createReader("r", rg, new ByteArraySerializer(), ReaderConfig.builder().build());
    }

    public EventStreamWriter<byte[]> writer(String stream) {
        return clients.createEventWriter(stream, new ByteArraySerializer(), EventWriterConfig.builder().build());
    }

    @Override
    public void close() {
        readerGroups.close();
        clients.close();
        wakingClients.close();
        streams.close();
    }
}
