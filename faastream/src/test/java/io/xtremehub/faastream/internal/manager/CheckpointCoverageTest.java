package io.xtremehub.faastream.internal.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.pravega.client.segment.impl.Segment;
import io.pravega.client.stream.impl.SegmentWithRange;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckpointCoverageTest {
    private static SegmentWithRange seg(long id, double low, double high) {
        return new SegmentWithRange(new Segment("sc", "st", id), low, high);
    }

    @Test
    void positionsOfEverySegmentOrOfSplitPartsCoverAllKeys() {
        assertNull(CheckpointCoverage.gap("sc/st", List.of(seg(0, 0, 1))));
        // a split segment's parts in any order, one of them next to a part of the other
        assertNull(CheckpointCoverage.gap("sc/st", List.of(seg(3, 0.5, 1), seg(1, 0, 0.25), seg(2, 0.25, 0.5))));
    }

    @Test
    void aMergedSegmentLeftOutOfTheCheckpointIsAGap() {
        // [0, 0.5) and [0.5, 1) merged into one segment: its first predecessor was read and completed,
        // so the checkpoint holds only the second
        assertEquals("no segment of sc/st holds keys 0.0 to 0.5", CheckpointCoverage.gap("sc/st",
                List.of(seg(2, 0.5, 1))));
        assertEquals("no segment of sc/st holds keys from 0.5", CheckpointCoverage.gap("sc/st",
                List.of(seg(1, 0, 0.5))));
        assertEquals("no segment of sc/st holds keys from 0.0", CheckpointCoverage.gap("sc/st", List.of()));
    }
}
