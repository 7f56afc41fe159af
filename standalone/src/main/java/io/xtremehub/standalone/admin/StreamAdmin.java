package io.xtremehub.standalone.admin;

import io.pravega.client.ClientConfig;
import io.pravega.client.control.impl.ControllerImpl;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.impl.SegmentWithRange;
import io.pravega.client.stream.impl.StreamSegments;
import io.pravega.shared.NameUtils;
import io.xtremehub.pravega.Controllers;
import io.xtremehub.pravega.SegmentRanges;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Segment-level administration the public Pravega {@code StreamManager} does not offer:
 * listing a stream's active segments with their key ranges, splitting one segment,
 * merging two neighbours, or rescaling to N equal segments.
 */
public final class StreamAdmin implements AutoCloseable {
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "stream-admin");
        t.setDaemon(true);
        return t;
    });
    private final ControllerImpl controller;

    public StreamAdmin(URI controllerUri) {
        this.controller = Controllers.open(ClientConfig.builder().controllerURI(controllerUri).build(), 3, executor);
    }

    /** Active segments ordered by key range. */
    public List<SegmentRange> segments(String scope, String stream) {
        StreamSegments current = controller.getCurrentSegments(scope, stream).join();
        List<SegmentRange> out = new ArrayList<>();
        for (SegmentWithRange s : SegmentRanges.ordered(current)) {
            long id = s.getSegment().getSegmentId();
            out.add(new SegmentRange(id, NameUtils.getSegmentNumber(id), NameUtils.getEpoch(id),
                    s.getRange().getLow(), s.getRange().getHigh()));
        }
        out.sort(Comparator.comparingDouble(SegmentRange::low));
        return out;
    }

    /** Splits the segment with this number into two halves of its key range. */
    public void split(String scope, String stream, int segmentNumber) {
        SegmentRange s = find(segments(scope, stream), segmentNumber);
        double mid = (s.low() + s.high()) / 2;
        Map<Double, Double> ranges = new LinkedHashMap<>();
        ranges.put(s.low(), mid);
        ranges.put(mid, s.high());
        scale(scope, stream, List.of(s.segmentId()), ranges);
    }

    /** Merges two segments whose key ranges touch into one. */
    public void merge(String scope, String stream, int first, int second) {
        List<SegmentRange> all = segments(scope, stream);
        SegmentRange a = find(all, first);
        SegmentRange b = find(all, second);
        SegmentRange lo = a.low() < b.low() ? a : b;
        SegmentRange hi = lo == a ? b : a;
        if (lo.high() != hi.low()) {
            throw new IllegalArgumentException("segments " + first + " and " + second
                    + " are not neighbours: only segments with adjacent key ranges can merge");
        }
        scale(scope, stream, List.of(lo.segmentId(), hi.segmentId()), Map.of(lo.low(), hi.high()));
    }

    /** Replaces all active segments by {@code count} segments of equal key range. */
    public void scaleTo(String scope, String stream, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("segment count must be at least 1, got " + count);
        }
        List<Long> sealed = segments(scope, stream).stream().map(SegmentRange::segmentId).toList();
        Map<Double, Double> ranges = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            ranges.put((double) i / count, i == count - 1 ? 1.0 : (double) (i + 1) / count);
        }
        scale(scope, stream, sealed, ranges);
    }

    private void scale(String scope, String stream, List<Long> sealed, Map<Double, Double> ranges) {
        boolean done = controller.scaleStream(Stream.of(scope, stream), sealed, ranges, executor)
                .getFuture().join();
        if (!done) {
            throw new IllegalStateException("the controller refused to scale " + scope + "/" + stream
                    + ": the result would have fewer segments than the stream's minimum, or another scale is running");
        }
    }

    private static SegmentRange find(List<SegmentRange> segments, int number) {
        return segments.stream().filter(s -> s.number() == number).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no active segment number " + number
                        + "; active: " + segments.stream().map(SegmentRange::number).toList()));
    }


    @Override
    public void close() {
        controller.close();
        executor.shutdownNow();
    }
}
