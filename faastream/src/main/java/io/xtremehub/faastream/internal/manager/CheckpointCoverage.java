package io.xtremehub.faastream.internal.manager;

import io.pravega.client.control.impl.Controller;
import io.pravega.client.segment.impl.Segment;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamCut;
import io.pravega.client.stream.impl.SegmentWithRange;
import io.xtremehub.pravega.SegmentRanges;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether a reader-group checkpoint can be restarted from: its read positions must cover every
 * routing key of each stream. Pravega leaves out a segment that waits for several predecessors to
 * be read (a merge, which a rescale or a transaction committed across one adds to a stream's
 * history), together with its predecessors already read; a reader group reset to such a checkpoint
 * never reads that segment. The key ranges come from the controller, one call per stream epoch.
 */
final class CheckpointCoverage {
    private final Controller controller;
    /** Segment id to key range, for the epochs looked up so far. */
    private final Map<Long, SegmentWithRange> ranges = new HashMap<>();

    CheckpointCoverage(Controller controller) {
        this.controller = controller;
    }

    /** What the positions leave out, or null when they cover every key of every stream. */
    String gap(Map<Stream, StreamCut> positions) {
        if (positions.isEmpty()) {
            return "it holds no read positions";
        }
        for (Map.Entry<Stream, StreamCut> e : positions.entrySet()) {
            List<SegmentWithRange> held = new ArrayList<>();
            for (Segment s : e.getValue().asImpl().getPositions().keySet()) {
                held.add(range(e.getKey(), s));
            }
            String gap = gap(e.getKey().getScopedName(), held);
            if (gap != null) {
                return gap;
            }
        }
        return null;
    }

    /** The first routing keys of {@code stream} that none of {@code held} covers, or null. */
    static String gap(String stream, List<SegmentWithRange> held) {
        List<SegmentWithRange> sorted = new ArrayList<>(held);
        sorted.sort(Comparator.comparingDouble(r -> r.getRange().getLow()));
        double covered = 0.0;
        for (SegmentWithRange r : sorted) {
            if (r.getRange().getLow() > covered) {
                return "no segment of " + stream + " holds keys " + covered + " to " + r.getRange().getLow();
            }
            covered = Math.max(covered, r.getRange().getHigh());
        }
        return covered < 1.0 ? "no segment of " + stream + " holds keys from " + covered : null;
    }

    private SegmentWithRange range(Stream stream, Segment segment) {
        SegmentWithRange known = ranges.get(segment.getSegmentId());
        if (known == null) {
            // a segment id's high half is the epoch that created it
            int epoch = (int) (segment.getSegmentId() >> 32);
            for (SegmentWithRange r : SegmentRanges.ordered(
                    controller.getEpochSegments(stream.getScope(), stream.getStreamName(), epoch).join())) {
                ranges.put(r.getSegment().getSegmentId(), r);
            }
            known = ranges.get(segment.getSegmentId());
        }
        if (known == null) {
            throw new IllegalStateException("segment " + segment + " is not in its epoch's list");
        }
        return known;
    }
}
