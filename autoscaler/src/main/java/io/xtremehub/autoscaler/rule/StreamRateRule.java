package io.xtremehub.autoscaler.rule;

import io.xtremehub.autoscaler.collect.StreamStats;
import io.xtremehub.autoscaler.collect.Snapshot;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A stream's segments follow its write rate: {@code ceil(rate / targetPerSegment)} within
 * bounds, in events or kilobytes per second. Pravega's own auto-scaling does the same from
 * exponentially weighted 2-, 5-, 10- and 20-minute rates and merges only segments older than 20
 * minutes; this rule reacts within the stabilizer's windows instead, for inputs that swing faster
 * than that (paired with the {@code stream-segments} actuator).
 */
public final class StreamRateRule implements ScalingRule {
    /** What the target rate counts. */
    public enum Unit { EVENTS, KBYTES }

    private final String stream;
    private final Unit unit;
    private final double targetPerSegment;
    private final Bounds bounds;

    /**
     * @param stream           scoped name, {@code scope/stream}
     * @param targetPerSegment events/s or KiB/s one segment should take, greater than 0
     */
    public StreamRateRule(String stream, Unit unit, double targetPerSegment, Bounds bounds) {
        if (!(targetPerSegment > 0)) {
            throw new IllegalArgumentException("the target rate per segment must be greater than 0, got " + targetPerSegment);
        }
        if (bounds.min() < 1) {
            throw new IllegalArgumentException("a stream needs at least 1 segment: min must be at least 1");
        }
        this.stream = stream;
        this.unit = unit;
        this.targetPerSegment = targetPerSegment;
        this.bounds = bounds;
    }

    @Override
    public String name() {
        return "stream-rate";
    }

    @Override
    public Optional<Recommendation> recommend(Snapshot snapshot, int current) {
        return snapshot.stream(stream).map(s -> {
            double rate = rate(s);
            int wanted = (int) Math.ceil(rate / targetPerSegment);
            int target = bounds.clamp(wanted);
            Map<String, Object> inputs = new LinkedHashMap<>();
            inputs.put("segments", s.segments());
            inputs.put(unit == Unit.EVENTS ? "eventsPerSecond" : "kbytesPerSecond", Math.round(rate * 10) / 10.0);
            inputs.put("targetPerSegment", targetPerSegment);
            String reason = String.format(java.util.Locale.ROOT, "%.1f %s/s / %.1f per segment = %d%s", rate,
                    unit == Unit.EVENTS ? "events" : "KiB", targetPerSegment, wanted,
                    wanted == target ? "" : ", bounded to " + target);
            return new Recommendation(target, reason, inputs);
        });
    }

    private double rate(StreamStats s) {
        return unit == Unit.EVENTS ? s.eventsPerSecond() : s.bytesPerSecond() / 1024;
    }
}
