package io.xtremehub.flink.source.enumerator;

import io.pravega.client.segment.impl.Segment;
import io.pravega.client.stream.StreamCut;
import java.util.Map;

/** Comparisons between stream cuts. */
final class StreamCuts {
    private StreamCuts() {
    }

    /**
     * True when {@code position} has reached {@code end}: every segment it still holds is one
     * of the end cut's segments, at or past its end offset. A segment of the end cut that is
     * missing was read to its end and completed, and the reader group dropped it: a reader
     * completes a segment it took over already at its end offset (after a restore, or from
     * another reader) at its next checkpoint. Requiring every end segment to be present made
     * such a read never end. An empty position means every segment was completed.
     */
    static boolean reached(StreamCut position, StreamCut end) {
        Map<Segment, Long> stop = end.asImpl().getPositions();
        return position.asImpl().getPositions().entrySet().stream()
                .allMatch(e -> stop.containsKey(e.getKey()) && e.getValue() >= stop.get(e.getKey()));
    }
}
