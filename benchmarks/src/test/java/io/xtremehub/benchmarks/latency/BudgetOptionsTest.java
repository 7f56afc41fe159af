package io.xtremehub.benchmarks.latency;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class BudgetOptionsTest {

    @Test
    void defaultsCoverTheIssuesRatesAndTheReaderSettingsCompared() {
        BudgetOptions o = BudgetOptions.parse();
        assertArrayEquals(new int[] {1, 100, 1000}, o.rates());
        assertEquals(List.of(new ReaderSetting(1000, 0, false), new ReaderSetting(200, 0, false),
                new ReaderSetting(100, 0, false), new ReaderSetting(20, 1000, false), new ReaderSetting(20, 0, false)),
                o.hopReaders());
        assertEquals("latency-budget", o.name());
    }

    @Test
    void readerSettingsAreTimeoutSlashCheckpointIntervalWithOptionalWakeUp() {
        BudgetOptions o = BudgetOptions.parse("--hop-readers", "50/0,10/500,1000/0/wake", "--rates", "100");
        assertEquals(List.of(new ReaderSetting(50, 0, false), new ReaderSetting(10, 500, false),
                new ReaderSetting(1000, 0, true)), o.hopReaders());
        assertArrayEquals(new int[] {100}, o.rates());
    }

    @Test
    void badInputIsOneLineNamingTheOption() {
        assertEquals("--rates takes a whole number, got 'fast'", error("--rates", "1,fast"));
        assertEquals("--seconds must be positive, got 0", error("--seconds", "0"));
        assertEquals("--hop-readers takes timeoutMillis/checkpointMillis[/wake], got 20", error("--hop-readers", "20"));
        assertEquals("--hop-readers takes timeoutMillis/checkpointMillis[/wake], got 20/0/fast",
                error("--hop-readers", "20/0/fast"));
        assertEquals("--slow-events 2 is less than --rounds 3: every round needs an event", error("--slow-events", "2"));
        assertEquals("--name needs a value", error("--name"));
        assertEquals("unknown option --rate", error("--rate", "1"));
    }

    private static String error(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> BudgetOptions.parse(args)).getMessage();
    }
}
