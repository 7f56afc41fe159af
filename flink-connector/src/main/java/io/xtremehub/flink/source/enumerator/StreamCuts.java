package io.xtremehub.flink.source.enumerator;

import io.pravega.client.segment.impl.Segment;
import io.pravega.client.stream.StreamCut;
import java.util.Map;

/** Comparisons between stream cuts. */
final class StreamCuts {
    private StreamCuts() {
    }

    /**
     * True when {@code position} has reached {@code end}: it holds exactly the end cut's
     * segments, each at or past the end offset. An empty position means every segment was
     * read to its end and released.
     */
    static boolean reached(StreamCut position, StreamCut end) {
        Map<Segment, Long> now = position.asImpl().getPositions();
        if (now.isEmpty()) {
            return true;
        }
        Map<Segment, Long> stop = end.asImpl().getPositions();
        if (!now.keySet().equals(stop.keySet())) {
            return false;
        }
        return stop.entrySet().stream().allMatch(e -> now.get(e.getKey()) >= e.getValue());
    }
}
