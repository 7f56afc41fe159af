package io.xtremehub.benchmarks.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BudgetReportTest {

    @Test
    void percentilesAreNearestRankOfTheSamples() {
        // 1..100 ms in shuffled order: the p-th percentile of 100 samples is the p-th smallest
        double[] samples = IntStream.rangeClosed(1, 100).map(i -> (i * 37) % 100 + 1).asDoubleStream().toArray();
        LatencySummary s = LatencySummary.of(samples);
        assertEquals(100, s.count());
        assertEquals(50.0, s.p50());
        assertEquals(95.0, s.p95());
        assertEquals(99.0, s.p99());
        assertEquals(100.0, s.max());
    }

    @Test
    void fewSamplesReportTheirLargestAsTail() {
        // with 10 samples p95 and p99 are both the largest: the budget does not invent a finer tail
        LatencySummary s = LatencySummary.of(new double[] {5, 1, 9, 3, 7, 2, 8, 4, 6, 10});
        assertEquals(5.0, s.p50());
        assertEquals(10.0, s.p95());
        assertEquals(10.0, s.p99());
    }

    @Test
    void aLayerWithoutSamplesIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LatencySummary.of(new double[0]));
        assertEquals("no samples: the layer measured nothing at this rate", e.getMessage());
    }

    @Test
    void csvHasOneRowPerLayerAndRate(@TempDir Path dir) throws Exception {
        BudgetReport report = new BudgetReport();
        report.add(new BudgetRow(FsyncLayer.NAME, 100, LatencySummary.of(new double[] {0.5, 1.5, 2.0, 4.0})));
        report.add(new BudgetRow("append-to-read, readNextEvent(20)", 100, LatencySummary.of(new double[] {3, 6, 8, 12})));
        report.write(dir, "budget", "test");

        List<String> csv = Files.readAllLines(dir.resolve("budget.csv"));
        assertEquals(List.of(BudgetReport.CSV_HEADER,
                "\"disk fsync (1 KB append + force)\",100,4,1.500,4.000,4.000,4.000",
                "\"append-to-read, readNextEvent(20)\",100,4,6.000,12.000,12.000,12.000"), csv);
        String md = Files.readString(dir.resolve("budget.md"));
        assertTrue(md.contains("## 1 KB events at 100 events/s"), md);
        // p95 against the fsync p95 of the same rate: 12 / 4
        assertTrue(md.contains("| append-to-read, readNextEvent(20) | 4 | 6.00 | 12.00 | 12.00 | 12.00 | 3.0x |"), md);
    }

    @Test
    void samplesCountAnEventSeenTwiceOnce() throws Exception {
        Samples samples = new Samples(2);
        samples.record(0, 5.0);
        samples.record(0, 50.0);
        samples.record(1, 7.0);
        double[] millis = samples.await("layer", java.time.Duration.ofSeconds(1));
        assertEquals(5.0, millis[0]);
        assertEquals(7.0, millis[1]);
    }

    @Test
    void samplesThatDoNotCompleteNameTheLayer() {
        Samples samples = new Samples(3);
        samples.record(0, 1.0);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> samples.await("Pravega append acknowledged", java.time.Duration.ofMillis(10)));
        assertEquals("Pravega append acknowledged: 2 of 3 events did not complete within 10 ms", e.getMessage());
    }
}
