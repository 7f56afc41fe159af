package io.xtremehub.faastream.internal.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class KeyedStageResizeTest {
    @Test
    void aGrowingStageTakesTheNextCountUpThatDividesItsSegments() {
        assertEquals(4, KeyedStageResize.evenCount(3, 1, 4));
        assertEquals(2, KeyedStageResize.evenCount(2, 1, 4));
        assertEquals(6, KeyedStageResize.evenCount(5, 2, 12));
    }

    @Test
    void aShrinkingStageTakesTheNextCountDown() {
        assertEquals(2, KeyedStageResize.evenCount(3, 4, 4));
        assertEquals(1, KeyedStageResize.evenCount(1, 2, 4));
        assertEquals(4, KeyedStageResize.evenCount(5, 6, 12));
    }

    @Test
    void theCountStaysBetweenOneAndTheSegments() {
        assertEquals(4, KeyedStageResize.evenCount(32, 2, 4));
        assertEquals(1, KeyedStageResize.evenCount(0, 2, 4));
        assertEquals(7, KeyedStageResize.evenCount(3, 1, 7), "a prime count of segments: all or one");
        assertEquals(1, KeyedStageResize.evenCount(6, 7, 7));
    }
}
