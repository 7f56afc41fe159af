package io.xtremehub.benchmarks.guarantees;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GuaranteeReportTest {

    @Test
    void exactlyOnceIsReportedAsARatioOfAtLeastOnce() {
        GuaranteeReport r = new GuaranteeReport();
        r.add(new RoundResult(1, Guarantee.AT_LEAST_ONCE, 10, 0, 0, 20, 40, 60, 8000, 1));
        r.add(new RoundResult(1, Guarantee.EXACTLY_ONCE, 10, 0, 0, 1200, 2100, 2300, 4000, 1));
        r.add(new RoundResult(2, Guarantee.AT_LEAST_ONCE, 10, 0, 3, 30, 50, 70, 6000, 1));
        r.add(new RoundResult(2, Guarantee.EXACTLY_ONCE, 10, 0, 0, 1000, 1900, 2500, 3000, 1));
        assertEquals(3500, r.median(Guarantee.EXACTLY_ONCE, RoundResult::throughput), 1000);
        String md = r.markdown("h", "c");
        assertTrue(md.contains("| burst throughput, events/s | 6000 | 3000 | 0.50 |")
                || md.contains("| burst throughput, events/s | 8000 | 4000 | 0.50 |"), md);
        assertTrue(md.contains("| paced p50 time-to-process, ms | 20 | 1000 | 50.00 |"), md);
        assertTrue(md.contains("| 2 | at-least-once | 10 | 0 | 3 | yes |"), md);
    }

    @Test
    void aRepeatBreaksExactlyOnceButNotAtLeastOnce() {
        assertFalse(new RoundResult(1, Guarantee.EXACTLY_ONCE, 10, 0, 1, 0, 0, 0, 0, 0).correct());
        assertTrue(new RoundResult(1, Guarantee.AT_LEAST_ONCE, 10, 0, 1, 0, 0, 0, 0, 0).correct());
        assertFalse(new RoundResult(1, Guarantee.AT_LEAST_ONCE, 10, 1, 0, 0, 0, 0, 0, 0).correct());
    }

    @Test
    void badArgumentsGetOneLine() {
        assertEquals("--rounds must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> GuaranteeOptions.parse("--rounds", "0")).getMessage());
        assertEquals("--rate takes a whole number, got 'fast'", assertThrows(IllegalArgumentException.class,
                () -> GuaranteeOptions.parse("--rate", "fast")).getMessage());
        assertEquals("guarantees-quick", GuaranteeOptions.parse("--quick").name());
    }
}
