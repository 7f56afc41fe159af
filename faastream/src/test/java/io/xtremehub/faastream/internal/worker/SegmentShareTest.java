package io.xtremehub.faastream.internal.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SegmentShareTest {
    @Test
    void aShortJobLooksTwiceASecondALongOneAboutAHundredTimesInAll() {
        assertEquals(500, SegmentShare.checkMillis(1));
        assertEquals(500, SegmentShare.checkMillis(50));
        assertEquals(1_000, SegmentShare.checkMillis(100));
        assertEquals(2_000, SegmentShare.checkMillis(1_000));
    }
}
