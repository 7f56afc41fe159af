package io.xtremehub.faastream.internal.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TelemetryPaceTest {
    @Test
    void aShortJobIsReadAsOftenAsBefore() {
        for (int stages = 1; stages <= 4; stages++) {
            assertEquals(20, TelemetryPace.pollMillis(stages));
        }
    }

    @Test
    void aLongJobIsReadAboutTwoHundredTimesASecondInAll() {
        long millis = TelemetryPace.pollMillis(100);
        assertEquals(500, millis);
        assertEquals(200, 100 * 1000 / millis);
        assertEquals(150, TelemetryPace.pollMillis(30));
    }

    @Test
    void noJobWaitsLongerThanHalfASecondForItsReports() {
        assertEquals(500, TelemetryPace.pollMillis(1_000));
        for (int stages = 1; stages < 200; stages++) {
            assertTrue(TelemetryPace.pollMillis(stages) <= TelemetryPace.pollMillis(stages + 1));
        }
    }
}
