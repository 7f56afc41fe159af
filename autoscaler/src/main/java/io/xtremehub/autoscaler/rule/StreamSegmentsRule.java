package io.xtremehub.autoscaler.rule;

import io.xtremehub.autoscaler.collect.JobStats;
import io.xtremehub.autoscaler.collect.Snapshot;
import io.xtremehub.autoscaler.collect.StreamStats;
import io.xtremehub.autoscaler.collect.VertexStats;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The other direction: the job steers the stream. Its knob is the stream's minimum segments.
 * When the job falls behind (its source is back-pressured or the reader group's backlog grows
 * past {@code lagBytesHigh}) while it runs more readers than the stream has segments, the
 * minimum is raised to the job's parallelism so that every reader gets a segment. When the
 * job idles (busiest vertex under {@code idleBusyRatio}, no backlog), the minimum returns to
 * the floor and Pravega's own auto-scaling may merge again.
 */
public final class StreamSegmentsRule implements ScalingRule {
    private final String stream;
    private final String job;
    private final double backPressureHigh;
    private final long lagBytesHigh;
    private final double idleBusyRatio;
    private final Bounds bounds;

    private StreamSegmentsRule(Builder b) {
        this.stream = b.stream;
        this.job = b.job;
        this.backPressureHigh = b.backPressureHigh;
        this.lagBytesHigh = b.lagBytesHigh;
        this.idleBusyRatio = b.idleBusyRatio;
        this.bounds = b.bounds;
    }

    public static Builder builder(String stream, String job) {
        return new Builder(stream, job);
    }

    @Override
    public String name() {
        return "stream-min-segments";
    }

    @Override
    public Optional<Recommendation> recommend(Snapshot snapshot, int current) {
        Optional<StreamStats> s = snapshot.stream(stream);
        Optional<JobStats> j = snapshot.job(job);
        if (s.isEmpty() || j.isEmpty() || j.get().source().isEmpty()) {
            return Optional.empty();
        }
        StreamStats in = s.get();
        VertexStats source = j.get().source().get();
        double busiest = j.get().bottleneck().map(VertexStats::busyRatio).orElse(0.0);
        Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("segments", in.segments());
        inputs.put("minSegments", current);
        inputs.put("jobParallelism", j.get().parallelism());
        inputs.put("sourceBackPressure", source.backPressureRatio());
        inputs.put("busiestVertexBusy", busiest);
        inputs.put("unreadBytes", in.unreadBytes());

        boolean behind = source.backPressureRatio() >= backPressureHigh || in.unreadBytes() >= lagBytesHigh;
        if (behind && j.get().parallelism() > in.segments()) {
            int target = bounds.clamp(j.get().parallelism());
            return Optional.of(new Recommendation(target, "job behind with " + j.get().parallelism()
                    + " readers on " + in.segments() + " segments: give every reader a segment", inputs));
        }
        if (!behind && busiest < idleBusyRatio && in.unreadBytes() <= 0) {
            return Optional.of(new Recommendation(bounds.min(), "job idle: minimum segments back to the floor", inputs));
        }
        return Optional.of(new Recommendation(bounds.clamp(current), "job keeps up: minimum unchanged", inputs));
    }

    /** Options of {@link StreamSegmentsRule}; defaults: back-pressure 0.5, 64 MiB backlog, idle under 0.1 busy. */
    public static final class Builder {
        private final String stream;
        private final String job;
        private double backPressureHigh = 0.5;
        private long lagBytesHigh = 64L << 20;
        private double idleBusyRatio = 0.1;
        private Bounds bounds = new Bounds(1, 32);

        private Builder(String stream, String job) {
            this.stream = stream;
            this.job = job;
        }

        public Builder backPressureHigh(double v) { this.backPressureHigh = v; return this; }
        public Builder lagBytesHigh(long v) { this.lagBytesHigh = v; return this; }
        public Builder idleBusyRatio(double v) { this.idleBusyRatio = v; return this; }
        public Builder bounds(Bounds v) { this.bounds = v; return this; }

        public StreamSegmentsRule build() {
            if (bounds.min() < 1) {
                throw new IllegalArgumentException("a stream needs at least 1 segment: min must be at least 1");
            }
            return new StreamSegmentsRule(this);
        }
    }
}
