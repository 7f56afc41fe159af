package io.xtremehub.autoscaler.collect;

import io.pravega.client.BatchClientFactory;
import io.pravega.client.ClientConfig;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamInfo;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.batch.SegmentIterator;
import io.pravega.client.batch.impl.SegmentRangeImpl;
import io.pravega.client.segment.impl.Segment;
import io.pravega.client.stream.ReaderGroup;
import io.pravega.client.stream.impl.ByteBufferSerializer;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads what Pravega knows about the watched streams. The segment store's own statistics are
 * off in the embedded cluster, so write rates come from the tail offsets of the active segments
 * over time (bytes, Pravega's 8-byte event header included). Events per second are estimated
 * from bytes: the collector reads up to {@code sampleEvents} of the newly written events of each
 * segment with the batch client to learn the mean framed event size. Segments created between
 * two collections count from offset 0; bytes written to a segment in the period it was sealed
 * are not counted.
 */
public final class PravegaCollector implements AutoCloseable {
    private final String scope;
    private final StreamManager streams;
    private final ReaderGroupManager groups;
    private final BatchClientFactory batch;
    private final int sampleEvents;
    private final Map<String, Map<Segment, Long>> lastTails = new HashMap<>();
    private final Map<String, Instant> lastTimes = new HashMap<>();
    private final Map<String, Double> lastEventSize = new HashMap<>();

    public PravegaCollector(ClientConfig client, String scope, int sampleEvents) {
        this.scope = scope;
        this.streams = StreamManager.create(client);
        this.groups = ReaderGroupManager.withScope(scope, client);
        this.batch = BatchClientFactory.withScope(scope, client);
        this.sampleEvents = sampleEvents;
    }

    /** Whether the stream exists in this collector's scope. */
    public boolean exists(String stream) {
        return streams.checkStreamExists(scope, stream);
    }

    /**
     * Collects one stream.
     *
     * @param readerGroup reader group whose backlog to report, or null
     */
    public StreamStats collect(String stream, String readerGroup, Instant now) {
        StreamInfo info = streams.fetchStreamInfo(scope, stream).join();
        Map<Segment, Long> tails = info.getTailStreamCut().asImpl().getPositions();
        Map<Segment, Long> before = lastTails.getOrDefault(stream, Map.of());
        Instant then = lastTimes.get(stream);
        double seconds = then == null ? 0 : Math.max(1e-3, Duration.between(then, now).toMillis() / 1000.0);

        Map<Long, Double> perSegment = new HashMap<>();
        long totalBytes = 0;
        long sampledBytes = 0;
        long sampledEvents = 0;
        for (Map.Entry<Segment, Long> e : tails.entrySet()) {
            long from = before.getOrDefault(e.getKey(), 0L);
            long written = Math.max(0, e.getValue() - from);
            totalBytes += written;
            if (seconds > 0) {
                perSegment.put(e.getKey().getSegmentId(), written / seconds);
            }
            if (written > 0 && sampleEvents > 0) {
                long[] sample = sample(e.getKey(), from, e.getValue());
                sampledBytes += sample[0];
                sampledEvents += sample[1];
            }
        }
        if (sampledEvents > 0) {
            lastEventSize.put(stream, (double) sampledBytes / sampledEvents);
        }
        lastTails.put(stream, Map.copyOf(tails));
        lastTimes.put(stream, now);

        double bytesPerSecond = seconds > 0 ? totalBytes / seconds : 0;
        Double eventSize = lastEventSize.get(stream);
        double eventsPerSecond = eventSize == null ? 0 : bytesPerSecond / eventSize;
        int minSegments = info.getStreamConfiguration().getScalingPolicy().getMinNumSegments();
        return new StreamStats(scope + "/" + stream, tails.size(), minSegments, eventsPerSecond, bytesPerSecond,
                perSegment, unreadBytes(readerGroup));
    }

    /** Framed bytes and count of up to sampleEvents events from {@code from} on: {bytes, events}. */
    private long[] sample(Segment segment, long from, long to) {
        SegmentRangeImpl range = SegmentRangeImpl.builder().segment(segment).startOffset(from).endOffset(to).build();
        try (SegmentIterator<ByteBuffer> events = batch.readSegment(range, new ByteBufferSerializer())) {
            long n = 0;
            while (n < sampleEvents && events.hasNext()) {
                events.next();
                n++;
            }
            return new long[] {events.getOffset() - from, n};
        } catch (RuntimeException e) {
            // the range may start inside a truncated part; the size estimate simply skips it
            return new long[] {0, 0};
        }
    }

    private long unreadBytes(String readerGroup) {
        if (readerGroup == null) {
            return -1;
        }
        try (ReaderGroup group = groups.getReaderGroup(readerGroup)) {
            return group.getMetrics().unreadBytes();
        } catch (RuntimeException e) {
            return -1;
        }
    }

    @Override
    public void close() {
        batch.close();
        groups.close();
        streams.close();
    }
}
