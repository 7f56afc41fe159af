package io.xtremehub.benchmarks.scaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScalingReportTest {

    private static RunResult run(Setup setup, long processed, long duplicates, double peak, int workers) {
        List<Timeline.Sample> t = List.of(new Timeline.Sample(0, workers, 4, 0, 0),
                new Timeline.Sample(1, workers, 4, 7, 30), new Timeline.Sample(2, workers, 4, 0, 90));
        return new RunResult("io", setup, 100, processed, duplicates, 2, 2.5, 10, 20, 30, peak,
                RunResult.workerSeconds(t, 2.5), workers, 4, 1.5, 2.5, new double[] {50, 50}, new int[] {40, 60},
                t);
    }

    @Test
    void peakIsTheBestFullWindowMean() {
        assertEquals(15, RunResult.peakMean(new int[] {10, 0, 0, 10, 20, 0}, 2), 1e-9);
        assertEquals(40, RunResult.peakMean(new int[] {30, 50}, 10), 1e-9);
        assertEquals(0, RunResult.peakMean(new int[0], 10), 1e-9);
    }

    @Test
    void workerSecondsCountTheSecondsBeforeTheEnd() {
        List<Timeline.Sample> t = List.of(new Timeline.Sample(0, 1, 4, 0, 0), new Timeline.Sample(1, 3, 12, 0, 0),
                new Timeline.Sample(2, 9, 36, 0, 0));
        assertEquals(4, RunResult.workerSeconds(t, 2), 1e-9);
        assertEquals(13, RunResult.workerSeconds(t, 2.1), 1e-9);
    }

    @Test
    void missingAndRepeatedEventsAreFlaggedAndSetupsComparedWithCoordinated(@TempDir Path dir) throws Exception {
        ScalingReport r = new ScalingReport();
        r.add(run(Setup.COORDINATED, 100, 0, 50, 2));
        r.add(run(Setup.FIXED_10, 97, 0, 30, 4));
        r.add(run(Setup.STATIC_MAX, 100, 5, 50, 8));
        String md = r.markdown("h", "ctx", "x");
        assertTrue(md.contains("| coordinated | 100 | yes |"), md);
        assertTrue(md.contains("| fixed-10 | 100 | **3 missing** |"), md);
        assertTrue(md.contains("| static-max | 100 | all, 5 duplicates |"), md);
        // peak 30 against 50, 12 worker-seconds against 6
        assertTrue(md.contains("| 30 | 0.60x |"), md);
        assertTrue(md.contains("| 12 | 2.00x |"), md);
        List<Path> files = r.write(dir, "x", "h", "ctx");
        assertEquals(4, files.size()); // summary, timeline, one PNG per job, markdown
        assertTrue(Files.size(dir.resolve("x-io.png")) > 1000);
        List<String> summary = Files.readAllLines(dir.resolve("x-summary.csv"));
        assertEquals(4, summary.size());
        assertTrue(summary.get(2).startsWith("io,fixed-10,100,97,3,0,"), summary.get(2));
        List<String> timeline = Files.readAllLines(dir.resolve("x-timeline.csv"));
        assertEquals("io,coordinated,1,50.0,60,2,4,7,30", timeline.get(2));
    }
}
