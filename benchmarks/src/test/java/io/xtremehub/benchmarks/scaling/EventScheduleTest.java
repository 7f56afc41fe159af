package io.xtremehub.benchmarks.scaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EventScheduleTest {

    @Test
    void aConstantRateIsEvenlySpaced() {
        long[] due = EventSchedule.of(new SineRate(100, 100, 10, 10));
        assertEquals(1000, due.length);
        for (int i = 1; i < due.length; i++) {
            assertEquals(10_000_000, due[i] - due[i - 1], 2_000, "gap before event " + i);
        }
        assertTrue(due[due.length - 1] < 10_000_000_000L);
    }

    @Test
    void aSineHoldsItsIntegralAndPeaksInTheMiddle() {
        // valley 10, peak 210 over one 20 s period: the mean rate is 110 events/s
        long[] due = EventSchedule.of(new SineRate(10, 210, 20, 20));
        assertEquals(2200, due.length, 1);
        for (int i = 1; i < due.length; i++) {
            assertTrue(due[i] >= due[i - 1], "due times ascend");
        }
        assertTrue(count(due, 9, 11) > 5 * count(due, 0, 2), "the middle of the period is the busiest");
    }

    @Test
    void aTraceFollowsItsMinutes() {
        // 3 minutes of 1, 0 and 4 rooms, each minute replayed in 2 s, 4 rooms = 50 events/s, 1 room = 12.5
        TraceRate t = new TraceRate("t", new double[] {1, 0, 4}, 2, 50);
        long[] due = EventSchedule.of(t);
        assertEquals(6, t.seconds(), 1e-9);
        assertEquals(125, due.length, 1);
        assertEquals(25, count(due, 0, 2), 1);
        assertEquals(0, count(due, 2.01, 3.99), "nothing while the trace is at 0");
        assertEquals(100, count(due, 4, 6), 1);
    }

    @Test
    void aSineRefusesAPeakBelowItsValley() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SineRate(10, 5, 1, 1));
        assertTrue(e.getMessage().contains("valley <= peak"), e.getMessage());
    }

    private static long count(long[] due, double fromSecond, double toSecond) {
        long from = (long) (fromSecond * 1e9);
        long to = (long) (toSecond * 1e9);
        long n = 0;
        for (long d : due) {
            if (d >= from && d < to) {
                n++;
            }
        }
        return n;
    }
}
