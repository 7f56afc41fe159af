package io.xtremehub.autoscaler.rule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.autoscaler.collect.ClusterStats;
import io.xtremehub.autoscaler.collect.JobStats;
import io.xtremehub.autoscaler.collect.Snapshot;
import io.xtremehub.autoscaler.collect.StreamStats;
import io.xtremehub.autoscaler.collect.VertexStats;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RulesTest {
    private static final String STREAM = "xtremehub/readings";

    private static Snapshot snapshot(int segments, double eventsPerSecond, long unreadBytes, VertexStats... vertices) {
        StreamStats s = new StreamStats(STREAM, segments, 1, eventsPerSecond, eventsPerSecond * 100, Map.of(), unreadBytes);
        Map<String, JobStats> jobs = vertices.length == 0 ? Map.of()
                : Map.of("job", new JobStats("id", "job", "RUNNING", List.of(vertices)));
        return new Snapshot(Instant.EPOCH, Map.of(STREAM, s), jobs, ClusterStats.UNKNOWN);
    }

    private static VertexStats vertex(int parallelism, double busy, double backPressure, double processed) {
        return new VertexStats("v", "Source: in", parallelism, busy, backPressure, 0, processed);
    }

    @Test
    void segmentsRatioIsOneToOneForCpuBoundAndSharedForIoBoundJobs() {
        assertEquals(6, new SegmentRatioRule(STREAM, 1, new Bounds(1, 16)).recommend(snapshot(6, 0, 0), 1).orElseThrow().value());
        assertEquals(2, new SegmentRatioRule(STREAM, 4, new Bounds(1, 16)).recommend(snapshot(6, 0, 0), 1).orElseThrow().value());
        Recommendation capped = new SegmentRatioRule(STREAM, 1, new Bounds(2, 4)).recommend(snapshot(11, 0, 0), 1).orElseThrow();
        assertEquals(4, capped.value());
        assertTrue(capped.reason().contains("bounded to 4"), capped.reason());
        assertEquals(2, new SegmentRatioRule(STREAM, 1, new Bounds(2, 4)).recommend(snapshot(1, 0, 0), 3).orElseThrow().value());
    }

    @Test
    void streamRateGivesEachTargetRateASegmentWithinBounds() {
        StreamRateRule byEvents = new StreamRateRule(STREAM, StreamRateRule.Unit.EVENTS, 300, new Bounds(1, 8));
        assertEquals(4, byEvents.recommend(snapshot(1, 1000, 0), 1).orElseThrow().value());
        assertEquals(1, byEvents.recommend(snapshot(4, 2, 0), 4).orElseThrow().value(), "a quiet stream keeps one segment");
        Recommendation capped = byEvents.recommend(snapshot(4, 3000, 0), 4).orElseThrow();
        assertEquals(8, capped.value());
        assertTrue(capped.reason().contains("bounded to 8"), capped.reason());
        // 100 B per event in these snapshots: 1000 events/s = 97.7 KiB/s
        StreamRateRule byKBytes = new StreamRateRule(STREAM, StreamRateRule.Unit.KBYTES, 40, new Bounds(1, 8));
        assertEquals(3, byKBytes.recommend(snapshot(1, 1000, 0), 1).orElseThrow().value());
        assertThrows(IllegalArgumentException.class, () -> new StreamRateRule(STREAM, StreamRateRule.Unit.EVENTS, 100, new Bounds(0, 8)));
        assertThrows(IllegalArgumentException.class, () -> new StreamRateRule(STREAM, StreamRateRule.Unit.EVENTS, 0, new Bounds(1, 8)));
    }

    @Test
    void aRuleOnAnUnknownStreamHasNoRecommendation() {
        assertTrue(new SegmentRatioRule("xtremehub/other", 1, new Bounds(1, 4)).recommend(snapshot(2, 0, 0), 1).isEmpty());
    }

    @Test
    void computeAwareGivesAJobThatCannotKeepUpMoreSubtasks() {
        // 2 subtasks, fully busy, process 1000/s: 500/s each; 3000/s are written: at 0.7 utilization 9 needed
        ComputeAwareRule rule = ComputeAwareRule.builder(STREAM, "job").capBySegments(false).bounds(new Bounds(1, 32)).build();
        Recommendation r = rule.recommend(snapshot(4, 3000, 0, vertex(2, 1.0, 0, 1000)), 2).orElseThrow();
        assertEquals(9, r.value());
        assertEquals(500.0, r.inputs().get("trueRatePerSubtask"));
    }

    @Test
    void computeAwareCapsAtTheSegmentsSoNoReaderIdles() {
        ComputeAwareRule rule = ComputeAwareRule.builder(STREAM, "job").bounds(new Bounds(1, 32)).build();
        Recommendation r = rule.recommend(snapshot(4, 3000, 0, vertex(2, 1.0, 0, 1000)), 2).orElseThrow();
        assertEquals(4, r.value());
        assertTrue(r.reason().contains("capped at 4 segments"), r.reason());
    }

    @Test
    void computeAwareShrinksAJobWhoseReadersIdle() {
        // 8 subtasks 10% busy for 400/s: 500/s each; 400/s need 2 at 0.7 utilization
        ComputeAwareRule rule = ComputeAwareRule.builder(STREAM, "job").bounds(new Bounds(1, 32)).build();
        assertEquals(2, rule.recommend(snapshot(8, 400, 0, vertex(8, 0.1, 0, 400)), 8).orElseThrow().value());
    }

    @Test
    void computeAwareCountsTheBacklogItMustCatchUpOn() {
        // 100 B per event; 600,000 unread bytes = 6000 events to drain in 60 s = 100/s more
        ComputeAwareRule rule = ComputeAwareRule.builder(STREAM, "job").capBySegments(false).bounds(new Bounds(1, 32)).build();
        int without = rule.recommend(snapshot(8, 650, 0, vertex(2, 1.0, 0, 200)), 2).orElseThrow().value();
        int with = rule.recommend(snapshot(8, 650, 600_000, vertex(2, 1.0, 0, 200)), 2).orElseThrow().value();
        assertEquals(10, without);   // 650/s over 100/s per subtask at 0.7
        assertEquals(11, with);      // 750/s
    }

    @Test
    void streamMinSegmentsRisesForABackPressuredJobWithIdleReadersAndFallsWhenIdle() {
        StreamSegmentsRule rule = StreamSegmentsRule.builder(STREAM, "job").bounds(new Bounds(1, 8)).build();
        Recommendation behind = rule.recommend(snapshot(2, 900, 0, vertex(6, 0.9, 0.8, 900)), 1).orElseThrow();
        assertEquals(6, behind.value());
        Recommendation keepsUp = rule.recommend(snapshot(6, 900, 0, vertex(6, 0.5, 0.0, 900)), 6).orElseThrow();
        assertEquals(6, keepsUp.value());
        Recommendation idle = rule.recommend(snapshot(6, 1, 0, vertex(6, 0.01, 0.0, 1)), 6).orElseThrow();
        assertEquals(1, idle.value());
    }

    @Test
    void boundsRefuseMinAboveMax() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Bounds(5, 2));
        assertEquals("min (5) must not exceed max (2)", e.getMessage());
    }
}
