package io.xtremehub.autoscaler.collect;

import java.util.Map;

/**
 * What the orchestrator knows about one Pravega stream at one moment.
 *
 * @param stream            scoped name, {@code scope/stream}
 * @param segments          active segments now
 * @param minSegments       the minimum segments of the stream's scaling policy
 * @param eventsPerSecond   write rate in events; estimated from bytes and the sampled event size
 * @param bytesPerSecond    write rate in bytes (tail offsets over time, Pravega's framing included)
 * @param segmentBytesPerSecond write rate per active segment, by segment id
 * @param unreadBytes       unread bytes of the configured reader group, -1 when none is watched
 */
public record StreamStats(String stream, int segments, int minSegments, double eventsPerSecond,
                          double bytesPerSecond, Map<Long, Double> segmentBytesPerSecond, long unreadBytes) {
    public StreamStats {
        segmentBytesPerSecond = Map.copyOf(segmentBytesPerSecond);
    }
}
