package io.xtremehub.testkit.cluster;

import io.pravega.client.BatchClientFactory;
import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.batch.SegmentIterator;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.ReaderGroupNotFoundException;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamCut;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.xtremehub.testkit.UniqueNames;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Writes events into the cluster's streams and reads them back, for tests to set up and check. */
public final class StreamData implements AutoCloseable {
    private final String scope;
    private final StreamManager streams;
    private final EventStreamClientFactory clients;
    private final ReaderGroupManager readerGroups;
    private final BatchClientFactory batch;

    StreamData(String scope, ClientConfig config, StreamManager streams, EventStreamClientFactory clients) {
        this.scope = scope;
        this.streams = streams;
        this.clients = clients;
        this.readerGroups = ReaderGroupManager.withScope(scope, config);
        this.batch = BatchClientFactory.withScope(scope, config);
    }

    /** Writes the events, each to a random segment, and waits until all are acknowledged. */
    public void write(String stream, List<byte[]> events) {
        writeBytes(stream, events, false);
    }

    /** {@link #write} of UTF-8 text. */
    public void writeStrings(String stream, List<String> events) {
        write(stream, utf8(events));
    }

    /** Writes UTF-8 events, each routed by its own text (equal events share a segment), and waits for the acks. */
    public void writeKeyedByText(String stream, List<String> events) {
        writeBytes(stream, utf8(events), true);
    }

    public void writeBytes(String stream, List<byte[]> events, boolean routeByContent) {
        try (EventStreamWriter<byte[]> writer = clients.createEventWriter(stream, new ByteArraySerializer(),
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

    /** Reads events with a reader group of its own until {@code count} arrived or the timeout passed; returns what arrived. */
    public List<byte[]> read(String stream, int count, Duration timeout) {
        String group = UniqueNames.of("test-rg");
        readerGroups.createReaderGroup(group, ReaderGroupConfig.builder().stream(Stream.of(scope, stream))
                .automaticCheckpointIntervalMillis(1000).build());
        List<byte[]> out = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        try (EventStreamReader<byte[]> reader = clients.createReader("r", group, new ByteArraySerializer(),
                ReaderConfig.builder().build())) {
            while (out.size() < count && System.nanoTime() < deadline) {
                EventRead<byte[]> e = reader.readNextEvent(200);
                if (e.getEvent() != null) {
                    out.add(e.getEvent());
                }
            }
        } finally {
            readerGroups.deleteReaderGroup(group);
        }
        return out;
    }

    public List<String> readStrings(String stream, int count, Duration timeout) {
        return read(stream, count, timeout).stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    }

    /**
     * Reads everything in the stream up to its tail at the time of the call, duplicates included,
     * through a reader group: use it when a finished job may have written an event more than once.
     */
    public List<String> readAllStrings(String stream, Duration timeout) {
        String group = UniqueNames.of("test-rg");
        StreamCut tail = streams.fetchStreamInfo(scope, stream).join().getTailStreamCut();
        readerGroups.createReaderGroup(group, ReaderGroupConfig.builder()
                .stream(Stream.of(scope, stream), StreamCut.UNBOUNDED, tail)
                .automaticCheckpointIntervalMillis(1000).build());
        List<String> out = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        try (var groupHandle = readerGroups.getReaderGroup(group);
             EventStreamReader<byte[]> reader = clients.createReader("r", group, new ByteArraySerializer(),
                     ReaderConfig.builder().build())) {
            while (true) {
                EventRead<byte[]> e = reader.readNextEvent(200);
                if (e.getEvent() != null) {
                    out.add(new String(e.getEvent(), StandardCharsets.UTF_8));
                } else if (!e.isCheckpoint() && groupHandle.getMetrics().unreadBytes() == 0) {
                    return out;
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("could not read " + stream + " to its tail within " + timeout
                            + " (read " + out.size() + " events)");
                }
            }
        } finally {
            readerGroups.deleteReaderGroup(group);
        }
    }

    /**
     * Every committed event of the stream as UTF-8 text, segment by segment up to each one's end
     * as of now, through Pravega's batch client (no reader group, so no checkpoints to wait for).
     */
    public List<String> readSegments(String stream) {
        List<String> out = new ArrayList<>();
        batch.getSegments(Stream.of(scope, stream), StreamCut.UNBOUNDED, StreamCut.UNBOUNDED).getIterator()
                .forEachRemaining(range -> {
                    try (SegmentIterator<byte[]> events = batch.readSegment(range, new ByteArraySerializer())) {
                        events.forEachRemaining(e -> out.add(new String(e, StandardCharsets.UTF_8)));
                    }
                });
        return out;
    }

    public boolean streamExists(String stream) {
        return streams.checkStreamExists(scope, stream);
    }

    /** Whether a reader group of that name exists in the scope (e.g. a job's enumerator has started). */
    public boolean readerGroupExists(String name) {
        try {
            readerGroups.getReaderGroup(name).close();
            return true;
        } catch (ReaderGroupNotFoundException e) {
            return false;
        }
    }

    private static List<byte[]> utf8(List<String> events) {
        return events.stream().map(s -> s.getBytes(StandardCharsets.UTF_8)).toList();
    }

    @Override
    public void close() {
        batch.close();
        readerGroups.close();
    }
}
