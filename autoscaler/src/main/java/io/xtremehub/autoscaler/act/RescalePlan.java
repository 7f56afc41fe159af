package io.xtremehub.autoscaler.act;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How to take a stream from its active segments to a target count with the scale shapes
 * Pravega's own auto-scaling uses: up, the widest segments are split into equal parts; down,
 * neighbours whose key ranges together are narrowest are merged. Every new segment then has
 * either one predecessor or predecessors it wholly covers. (Sealing everything into N equal
 * ranges would give a successor several partial predecessors; a writer retransmitting into such
 * a successor was seen to wait for its acknowledgements forever with the 0.13 client.)
 *
 * @param sealed    indexes, into the segments given, of the segments to seal
 * @param newRanges key ranges (low to high) of the segments that replace them
 */
record RescalePlan(List<Integer> sealed, Map<Double, Double> newRanges) {

    /** A key range {@code [low, high)} of an active segment. */
    record Range(double low, double high) {
        double width() {
            return high - low;
        }
    }

    /** The plan for {@code ranges} (active segments ordered by key range) to become {@code target} segments. */
    static RescalePlan of(List<Range> ranges, int target) {
        if (target >= ranges.size()) {
            return split(ranges, target);
        }
        return merge(ranges, target);
    }

    private static RescalePlan split(List<Range> ranges, int target) {
        int[] parts = new int[ranges.size()];
        java.util.Arrays.fill(parts, 1);
        for (int added = ranges.size(); added < target; added++) {
            int widest = 0;
            for (int i = 1; i < parts.length; i++) {
                if (ranges.get(i).width() / parts[i] > ranges.get(widest).width() / parts[widest]) {
                    widest = i;
                }
            }
            parts[widest]++;
        }
        List<Integer> sealed = new ArrayList<>();
        Map<Double, Double> created = new LinkedHashMap<>();
        for (int i = 0; i < parts.length; i++) {
            if (parts[i] > 1) {
                sealed.add(i);
                Range r = ranges.get(i);
                for (int p = 0; p < parts[i]; p++) {
                    created.put(r.low() + r.width() * p / parts[i], p == parts[i] - 1 ? r.high() : r.low() + r.width() * (p + 1) / parts[i]);
                }
            }
        }
        return new RescalePlan(sealed, created);
    }

    private static RescalePlan merge(List<Range> ranges, int target) {
        // groups of neighbouring segments, each [first index, last index]
        List<int[]> groups = new ArrayList<>();
        for (int i = 0; i < ranges.size(); i++) {
            groups.add(new int[] {i, i});
        }
        while (groups.size() > target) {
            int narrowest = 0;
            for (int g = 1; g < groups.size() - 1; g++) {
                if (width(ranges, groups.get(g), groups.get(g + 1)) < width(ranges, groups.get(narrowest), groups.get(narrowest + 1))) {
                    narrowest = g;
                }
            }
            groups.set(narrowest, new int[] {groups.get(narrowest)[0], groups.get(narrowest + 1)[1]});
            groups.remove(narrowest + 1);
        }
        List<Integer> sealed = new ArrayList<>();
        Map<Double, Double> created = new LinkedHashMap<>();
        for (int[] g : groups) {
            if (g[1] > g[0]) {
                for (int i = g[0]; i <= g[1]; i++) {
                    sealed.add(i);
                }
                created.put(ranges.get(g[0]).low(), ranges.get(g[1]).high());
            }
        }
        return new RescalePlan(sealed, created);
    }

    private static double width(List<Range> ranges, int[] a, int[] b) {
        return ranges.get(b[1]).high() - ranges.get(a[0]).low();
    }
}
