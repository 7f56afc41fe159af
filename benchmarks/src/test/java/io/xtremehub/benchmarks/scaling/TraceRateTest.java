package io.xtremehub.benchmarks.scaling;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceRateTest {

    @Test
    void commentsHeaderAndBlankLinesAreSkipped() {
        double[] v = TraceRate.parse("t.csv", List.of("# a trace", "minute,active_rooms", "", "0,1", "1, 2.5", "2,0"));
        assertArrayEquals(new double[] {1, 2.5, 0}, v);
    }

    @Test
    void aMissingMinuteIsNamedWithItsLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TraceRate.parse("t.csv", List.of("minute,v", "0,1", "2,3")));
        assertEquals("t.csv line 3: minute 2 where minute 1 was due (one line per minute, from 0, none missing)",
                e.getMessage());
    }

    @Test
    void badValuesAreRefused() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TraceRate.parse("t", List.of("0,abc")))
                .getMessage().contains("line 1: value 'abc' is not a number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TraceRate.parse("t", List.of("0,-1")))
                .getMessage().contains("must be a finite number >= 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TraceRate.parse("t", List.of("0;1")))
                .getMessage().contains("expected 'minute,value'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new TraceRate("t", new double[] {0, 0}, 1, 10))
                .getMessage().contains("zero in every minute"));
    }

    @Test
    void theLargestValueBecomesThePeakAndTheTraceIsCompressedToTheRunsLength(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("rooms.csv"), "minute,rooms\n0,2\n1,8\n2,4\n3,0\n");
        TraceRate t = TraceRate.over(f, 12, 400);
        assertEquals(12, t.seconds(), 1e-9);
        assertEquals(20, t.speedup(), 1e-9);
        assertEquals(100, t.rateAt(1), 1e-9);
        assertEquals(400, t.rateAt(3.5), 1e-9);
        assertEquals(200, t.rateAt(7), 1e-9);
        assertEquals(0, t.rateAt(11.9), 1e-9);
    }

    @Test
    void theCheckedInTraceParses() {
        TraceRate t = TraceRate.over(Path.of("traces/operating-rooms-day.csv"), 150, 1000);
        assertEquals(150, t.seconds(), 1e-9);
        assertEquals(840 / 2.5, t.speedup(), 1e-6);
    }
}
