package io.xtremehub.autoscaler.rule;

import io.xtremehub.autoscaler.collect.Snapshot;
import java.util.Map;
import java.util.Optional;

/**
 * Task managers (or source parallelism) follow the segments of the source stream:
 * {@code ceil(segments / segmentsPerUnit)} within bounds. One segment per unit suits a
 * CPU-bound job (every reader has a segment and no task manager sits idle); several segments
 * per unit suit an IO-bound job whose readers can each drain more than one segment.
 */
public final class SegmentRatioRule implements ScalingRule {
    private final String stream;
    private final double segmentsPerUnit;
    private final Bounds bounds;

    /**
     * @param stream          scoped name of the source stream
     * @param segmentsPerUnit segments per task manager (or per parallel reader), greater than 0
     */
    public SegmentRatioRule(String stream, double segmentsPerUnit, Bounds bounds) {
        if (!(segmentsPerUnit > 0)) {
            throw new IllegalArgumentException("segmentsPerTaskManager must be greater than 0, got " + segmentsPerUnit);
        }
        this.stream = stream;
        this.segmentsPerUnit = segmentsPerUnit;
        this.bounds = bounds;
    }

    @Override
    public String name() {
        return "segments-ratio";
    }

    @Override
    public Optional<Recommendation> recommend(Snapshot snapshot, int current) {
        return snapshot.stream(stream).map(s -> {
            int wanted = (int) Math.ceil(s.segments() / segmentsPerUnit);
            int target = bounds.clamp(wanted);
            return new Recommendation(target, s.segments() + " segments / " + segmentsPerUnit
                    + " per unit = " + wanted + (wanted == target ? "" : ", bounded to " + target),
                    Map.of("segments", s.segments(), "segmentsPerUnit", segmentsPerUnit));
        });
    }
}
