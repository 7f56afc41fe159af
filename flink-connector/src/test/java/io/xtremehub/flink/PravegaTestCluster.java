package io.xtremehub.flink;

import io.pravega.client.BatchClientFactory;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.batch.SegmentIterator;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.StreamCut;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/** The standalone Pravega cluster of one test class, with helpers to make, fill and read streams. */
public final class PravegaTestCluster implements AutoCloseable {
    public static final String SCOPE = StandaloneCluster.DEFAULT_SCOPE;
    private static final AtomicInteger STREAMS = new AtomicInteger();

    private final StandaloneCluster cluster;

    private PravegaTestCluster(StandaloneCluster cluster) {
        this.cluster = cluster;
    }

    public static PravegaTestCluster start(Path dir) {
        return new PravegaTestCluster(StandaloneCluster.start(ClusterConfig.ephemeral(dir)));
    }

    public URI controllerUri() {
        return cluster.controllerUri();
    }

    public PravegaConnectionConfig connection() {
        return PravegaConnectionConfig.of(controllerUri());
    }

    /** Creates a stream of {@code segments} fixed segments named after {@code prefix}. */
    public String createStream(String prefix, int segments) {
        return createStream(prefix, ScalingPolicy.fixed(segments));
    }

    public String createStream(String prefix, ScalingPolicy policy) {
        String name = prefix + "-" + STREAMS.incrementAndGet();
        try (StreamManager streams = StreamManager.create(controllerUri())) {
            streams.createStream(SCOPE, name, StreamConfiguration.builder().scalingPolicy(policy).build());
        }
        return name;
    }

    /** Writes UTF-8 events, each routed by its own text, and waits until all are acknowledged. */
    public void write(String stream, List<String> events) {
        writeBytes(stream, events.stream().map(e -> e.getBytes(StandardCharsets.UTF_8)).toList(), true);
    }

    public void writeBytes(String stream, List<byte[]> events, boolean routeByContent) {
        try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(SCOPE, connection().clientConfig());
             EventStreamWriter<byte[]> writer = clients.createEventWriter(stream, new ByteArraySerializer(),
                     EventWriterConfig.builder().build())) {
            List<CompletableFuture<Void>> acks = new ArrayList<>();
            for (byte[] e : events) {
                acks.add(routeByContent ? writer.writeEvent(new String(e, StandardCharsets.UTF_8), e)
                        : writer.writeEvent(e));
            }
            writer.flush();
            CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).join();
        }
    }

    /**
     * Every committed event of the stream, from its head to its tail as of now, as UTF-8 text.
     * Uses Pravega's batch client, which reads each segment up to its end offset.
     */
    public List<String> readAll(String stream) {
        List<String> out = new ArrayList<>();
        try (BatchClientFactory batch = BatchClientFactory.withScope(SCOPE, connection().clientConfig())) {
            batch.getSegments(Stream.of(SCOPE, stream), StreamCut.UNBOUNDED, StreamCut.UNBOUNDED).getIterator()
                    .forEachRemaining(range -> {
                        try (SegmentIterator<byte[]> events = batch.readSegment(range, new ByteArraySerializer())) {
                            events.forEachRemaining(e -> out.add(new String(e, StandardCharsets.UTF_8)));
                        }
                    });
        }
        return out;
    }

    /** Whether a reader group of that name exists (a job's enumerator has started). */
    public boolean readerGroupExists(String name) {
        try (ReaderGroupManager groups = ReaderGroupManager.withScope(SCOPE, connection().clientConfig())) {
            groups.getReaderGroup(name).close();
            return true;
        } catch (io.pravega.client.stream.ReaderGroupNotFoundException e) {
            return false;
        }
    }

    @Override
    public void close() {
        cluster.close();
    }
}
