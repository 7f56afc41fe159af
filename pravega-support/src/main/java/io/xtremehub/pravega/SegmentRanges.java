package io.xtremehub.pravega;

import io.pravega.client.control.impl.SegmentCollection;
import io.pravega.client.stream.impl.SegmentWithRange;
import io.pravega.client.stream.impl.StreamSegments;
import java.lang.reflect.Field;
import java.util.List;
import java.util.NavigableMap;

/**
 * The key ranges of a stream's active segments. The Pravega client knows them ({@code StreamSegments}
 * from the controller's {@code getCurrentSegments}) but keeps them in a protected map without an
 * accessor; routing by key range, rescaling plans and the admin listing all need them.
 */
public final class SegmentRanges {
    private static final Field SEGMENTS = segmentsField();

    private SegmentRanges() {
    }

    /** The active segments with their key ranges, in key-range order. */
    @SuppressWarnings("unchecked")
    public static List<SegmentWithRange> ordered(StreamSegments segments) {
        try {
            return List.copyOf(((NavigableMap<Double, SegmentWithRange>) SEGMENTS.get(segments)).values());
        } catch (IllegalAccessException e) {
            throw new UnsupportedPravegaClientException("SegmentCollection.segments cannot be read", e);
        }
    }

    private static Field segmentsField() {
        try {
            Field f = SegmentCollection.class.getDeclaredField("segments");
            f.setAccessible(true);
            return f;
        } catch (NoSuchFieldException e) {
            throw new UnsupportedPravegaClientException("SegmentCollection has no 'segments' field", e);
        }
    }
}
