package io.xtremehub.benchmarks.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ProbeEventTest {

    @Test
    void sequenceAndDueTimeSurviveTheFunctionsResult() {
        byte[] e = ProbeEvent.encode(123_456, 9_876_543_210L, 1024);
        assertEquals(1024, e.length);
        byte[] out = ProbeEvent.withResult(e, new byte[] {1, 2, 3});
        assertEquals(ProbeEvent.HEADER + 3, out.length);
        assertEquals(123_456, ProbeEvent.sequence(out));
        assertEquals(9_876_543_210L, ProbeEvent.dueNanos(out));
        assertEquals(3, out[ProbeEvent.HEADER + 2]);
    }

    @Test
    void eventsDifferBeyondTheirHeader() {
        byte[] a = ProbeEvent.encode(1, 0, 64);
        byte[] b = ProbeEvent.encode(2, 0, 64);
        assertNotEquals(a[40], b[40]);
    }

    @Test
    void tooShortEventsAreRefusedWithTheReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProbeEvent.encode(1, 0, 8));
        assertTrue(e.getMessage().contains("at least 16 bytes"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ProbeEvent.sequence(new byte[4]));
    }

    @Test
    void percentilesTakeTheNearestRank() {
        double[] v = {5, 1, 4, 2, 3, 10, 9, 8, 7, 6};
        assertEquals(5, Percentiles.of(v, 50));
        assertEquals(10, Percentiles.of(v, 95));
        assertEquals(1, Percentiles.of(v, 1));
        assertTrue(Double.isNaN(Percentiles.of(new double[0], 50)));
    }
}
