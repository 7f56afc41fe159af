package io.xtremehub.faastream.internal.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChannelPaceTest {
    @Test
    void aShortJobIsReadAsOftenAsBefore() {
        for (int stages = 1; stages <= 4; stages++) {
            assertEquals(20, ChannelPace.telemetryMillis(stages));
        }
        for (int stages = 1; stages <= 20; stages++) {
            assertEquals(100, ChannelPace.controlMillis(stages));
        }
    }

    @Test
    void aLongJobIsReadAboutTwoHundredTimesASecondPerSide() {
        assertEquals(500, ChannelPace.telemetryMillis(100));
        assertEquals(500, ChannelPace.controlMillis(100));
        assertEquals(200, 100 * 1000 / ChannelPace.telemetryMillis(100));
        assertEquals(150, ChannelPace.telemetryMillis(30));
        assertEquals(150, ChannelPace.controlMillis(30));
    }

    @Test
    void noChannelWaitsLongerThanHalfASecondAndLongerJobsNeverReadFaster() {
        assertEquals(500, ChannelPace.telemetryMillis(1_000));
        assertEquals(500, ChannelPace.controlMillis(1_000));
        for (int stages = 1; stages < 200; stages++) {
            assertTrue(ChannelPace.telemetryMillis(stages) <= ChannelPace.telemetryMillis(stages + 1));
            assertTrue(ChannelPace.controlMillis(stages) <= ChannelPace.controlMillis(stages + 1));
        }
    }
}
