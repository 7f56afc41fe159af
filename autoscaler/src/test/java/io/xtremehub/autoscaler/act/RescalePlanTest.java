package io.xtremehub.autoscaler.act;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RescalePlanTest {
    private static List<RescalePlan.Range> equal(int n) {
        List<RescalePlan.Range> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new RescalePlan.Range((double) i / n, i == n - 1 ? 1.0 : (double) (i + 1) / n));
        }
        return out;
    }

    /** Applies a plan: the result must cover [0, 1) without gap or overlap. */
    private static List<RescalePlan.Range> apply(List<RescalePlan.Range> before, RescalePlan plan) {
        List<RescalePlan.Range> after = new ArrayList<>();
        for (int i = 0; i < before.size(); i++) {
            if (!plan.sealed().contains(i)) {
                after.add(before.get(i));
            }
        }
        plan.newRanges().forEach((lo, hi) -> after.add(new RescalePlan.Range(lo, hi)));
        after.sort(java.util.Comparator.comparingDouble(RescalePlan.Range::low));
        assertEquals(0.0, after.get(0).low());
        assertEquals(1.0, after.get(after.size() - 1).high());
        for (int i = 1; i < after.size(); i++) {
            assertEquals(after.get(i - 1).high(), after.get(i).low(), 1e-12, "gap or overlap at " + i);
        }
        return after;
    }

    @Test
    void scalingUpSplitsTheWidestSegmentsOnly() {
        RescalePlan plan = RescalePlan.of(equal(4), 6);
        assertEquals(List.of(0, 1), plan.sealed());
        assertEquals(Map.of(0.0, 0.125, 0.125, 0.25, 0.25, 0.375, 0.375, 0.5), plan.newRanges());
        assertEquals(6, apply(equal(4), plan).size());
        assertEquals(List.of(0), RescalePlan.of(equal(1), 4).sealed());
        assertEquals(4, RescalePlan.of(equal(1), 4).newRanges().size());
    }

    @Test
    void scalingDownMergesNeighboursIntoWholeRanges() {
        RescalePlan plan = RescalePlan.of(equal(4), 2);
        assertEquals(List.of(0, 1, 2, 3), plan.sealed());
        assertEquals(Map.of(0.0, 0.5, 0.5, 1.0), plan.newRanges());
        // of three equal segments two neighbours merge and the third stays as it is
        RescalePlan threeToTwo = RescalePlan.of(equal(3), 2);
        assertEquals(List.of(0, 1), threeToTwo.sealed());
        assertEquals(Map.of(0.0, 2.0 / 3), threeToTwo.newRanges());
    }

    @Test
    void aLongWalkUpAndDownAlwaysCoversTheKeySpaceWithTheTargetCount() {
        List<RescalePlan.Range> ranges = equal(1);
        for (int target : new int[] {4, 7, 2, 8, 3, 5, 1, 6, 1}) {
            RescalePlan plan = RescalePlan.of(ranges, target);
            for (Map.Entry<Double, Double> created : plan.newRanges().entrySet()) {
                // each new segment lies inside one sealed segment, or covers whole sealed segments
                long inside = plan.sealed().stream().map(ranges::get)
                        .filter(r -> r.low() <= created.getKey() && created.getValue() <= r.high()).count();
                boolean coversWhole = plan.sealed().stream().map(ranges::get)
                        .filter(r -> r.low() < created.getValue() && created.getKey() < r.high())
                        .allMatch(r -> created.getKey() <= r.low() && r.high() <= created.getValue());
                assertEquals(true, inside == 1 || coversWhole, "new range " + created + " partly overlaps a sealed one");
            }
            ranges = apply(ranges, plan);
            assertEquals(target, ranges.size());
        }
    }
}
