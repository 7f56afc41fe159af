package io.xtremehub.faastream.internal.routing;

import io.pravega.client.control.impl.Controller;
import io.pravega.client.segment.impl.Segment;
import io.pravega.client.stream.impl.SegmentWithRange;
import io.pravega.client.stream.impl.StreamSegments;
import io.xtremehub.pravega.SegmentRanges;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a routing value in {@code [0, 1)} into a Pravega routing key that lands in the segment
 * whose key range contains the value. Pravega's writer only takes string routing keys and hashes
 * them itself, so for each segment this finds (once) a key the writer's own segment lookup maps
 * there. It also tells the rank of a segment by key range, which names ordered output parts.
 */
public final class SegmentRouter {
    private static final int MAX_PROBES = 5_000_000;
    private final Controller controller;
    private final String scope;
    private final String stream;
    private final long refreshMillis;
    private final Map<Long, String> keys = new HashMap<>();
    private StreamSegments current;
    private List<SegmentWithRange> ordered;
    private long fetchedAt;

    public SegmentRouter(Controller controller, String scope, String stream, long refreshMillis) {
        this.controller = controller;
        this.scope = scope;
        this.stream = stream;
        this.refreshMillis = refreshMillis;
    }

    /** Where one routed event goes. */
    public record Target(String routingKey, int rank, long segmentId) {
    }

    public synchronized Target route(double value) {
        if (!(value >= 0 && value < 1)) {
            throw new IllegalArgumentException("routing value must be in [0, 1), got " + value);
        }
        refreshIfStale();
        Segment s = current.getSegmentForKey(value);
        return new Target(keyFor(s), rankOf(s.getSegmentId()), s.getSegmentId());
    }

    /** The active segments ordered by key range, with a routing key for each. */
    public synchronized List<Target> allSegments() {
        refresh();
        List<Target> out = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            Segment s = ordered.get(i).getSegment();
            out.add(new Target(keyFor(s), i, s.getSegmentId()));
        }
        return out;
    }

    public synchronized void refresh() {
        current = controller.getCurrentSegments(scope, stream).join();
        ordered = SegmentRanges.ordered(current);
        fetchedAt = System.currentTimeMillis();
    }

    private void refreshIfStale() {
        if (current == null || System.currentTimeMillis() - fetchedAt > refreshMillis) {
            refresh();
        }
    }

    private int rankOf(long segmentId) {
        for (int i = 0; i < ordered.size(); i++) {
            if (ordered.get(i).getSegment().getSegmentId() == segmentId) {
                return i;
            }
        }
        return -1;
    }

    private String keyFor(Segment target) {
        String known = keys.get(target.getSegmentId());
        if (known != null) {
            return known;
        }
        for (int i = 0; i < MAX_PROBES; i++) {
            String candidate = "r" + i;
            if (current.getSegmentForKey(candidate).equals(target)) {
                keys.put(target.getSegmentId(), candidate);
                return candidate;
            }
        }
        throw new IllegalStateException("no routing key found for segment " + target + " of " + stream);
    }

}
