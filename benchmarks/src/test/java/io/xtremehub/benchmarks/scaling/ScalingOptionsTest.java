package io.xtremehub.benchmarks.scaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ScalingOptionsTest {

    @Test
    void quickShortensTheRunAndNamesItsResultsApart() {
        ScalingOptions full = ScalingOptions.parse("--trace", "traces/operating-rooms-day.csv");
        ScalingOptions quick = ScalingOptions.parse("--quick", "--trace", "traces/operating-rooms-day.csv");
        assertEquals("scaling", full.name());
        assertEquals("scaling-quick", quick.name());
        assertTrue(quick.loadSeconds() < full.loadSeconds());
        assertEquals(List.of(Setup.COORDINATED, Setup.STATIC_MAX, Setup.FIXED_10), full.setups());
        // the IO peak needs more workers than a 10-segment input lets read
        assertTrue(full.ioPeak() * full.ioMillis() / 1000.0 > 10, "io peak " + full.ioPeak());
    }

    @Test
    void explicitOptionsWinOverQuick() {
        ScalingOptions o = ScalingOptions.parse("--quick", "--load", "sine", "--seconds", "30", "--jobs", "io",
                "--setups", "fixed-10,coordinated", "--max-workers", "8");
        assertEquals(30, o.loadSeconds());
        assertEquals(List.of(Setup.FIXED_10, Setup.COORDINATED), o.setups());
        assertEquals(1, o.workloads().size());
        assertEquals(8 * 0.7 * 50, o.ioPeak(), 1e-9);
        RateShape s = o.shape(o.ioPeak());
        assertEquals(o.ioPeak(), s.rateAt(15), 1e-9);
    }

    @Test
    void badArgumentsGetOneLineSayingWhatIsWrong() {
        assertEquals("unknown setup 'kafka' (coordinated, static-max, fixed-10)", assertThrows(
                IllegalArgumentException.class, () -> ScalingOptions.parse("--setups", "kafka", "--load", "sine"))
                .getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ScalingOptions.parse("--bogus"))
                .getMessage().startsWith("unknown option --bogus"));
        assertEquals("--max-workers must be a positive number, got 0", assertThrows(IllegalArgumentException.class,
                () -> ScalingOptions.parse("--load", "sine", "--max-workers", "0")).getMessage());
        assertEquals("--seconds needs a value", assertThrows(IllegalArgumentException.class,
                () -> ScalingOptions.parse("--load", "sine", "--seconds")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ScalingOptions.parse("--trace", "missing.csv"))
                .getMessage().contains("trace file missing.csv does not exist"));
    }
}
