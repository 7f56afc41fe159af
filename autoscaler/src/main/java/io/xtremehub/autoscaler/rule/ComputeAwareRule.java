package io.xtremehub.autoscaler.rule;

import io.xtremehub.autoscaler.collect.JobStats;
import io.xtremehub.autoscaler.collect.Snapshot;
import io.xtremehub.autoscaler.collect.StreamStats;
import io.xtremehub.autoscaler.collect.VertexStats;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Sizes the job by what it can really process. The busiest vertex handles {@code processed}
 * records per second while busy {@code busy} of the time at parallelism {@code p}, so one
 * subtask's true rate is {@code processed / (busy * p)} (the quantity Flink's own autoscaler
 * uses). The job needs {@code (write rate + backlog / catchUp) / (true rate * utilization)}
 * subtasks: a job that cannot keep up with what is written to its segments gets more, and one
 * whose readers idle gets fewer. With {@code capBySegments} it never asks for more readers
 * than the stream has segments: a reader without a segment only idles.
 */
public final class ComputeAwareRule implements ScalingRule {
    /** Below this busy ratio a vertex is treated as idle: its rate says nothing about its capacity. */
    private static final double MEASURABLE_BUSY = 0.02;

    private final String stream;
    private final String job;
    private final double targetUtilization;
    private final double catchUpSeconds;
    private final boolean capBySegments;
    private final Bounds bounds;

    private ComputeAwareRule(Builder b) {
        this.stream = b.stream;
        this.job = b.job;
        this.targetUtilization = b.targetUtilization;
        this.catchUpSeconds = b.catchUpSeconds;
        this.capBySegments = b.capBySegments;
        this.bounds = b.bounds;
    }

    public static Builder builder(String stream, String job) {
        return new Builder(stream, job);
    }

    @Override
    public String name() {
        return "compute-aware";
    }

    @Override
    public Optional<Recommendation> recommend(Snapshot snapshot, int current) {
        Optional<StreamStats> s = snapshot.stream(stream);
        Optional<JobStats> j = snapshot.job(job);
        if (s.isEmpty() || j.isEmpty() || j.get().bottleneck().isEmpty()) {
            return Optional.empty();
        }
        StreamStats in = s.get();
        VertexStats v = j.get().bottleneck().get();
        Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("writeEventsPerSecond", round(in.eventsPerSecond()));
        inputs.put("unreadBytes", in.unreadBytes());
        inputs.put("vertex", v.name());
        inputs.put("busyRatio", round(v.busyRatio()));
        inputs.put("processedPerSecond", round(v.processedPerSecond()));
        inputs.put("parallelism", v.parallelism());

        double demand = in.eventsPerSecond() + backlogEventsPerSecond(in);
        int wanted;
        String why;
        if (v.busyRatio() < MEASURABLE_BUSY || v.processedPerSecond() <= 0) {
            // idle: nothing to measure capacity with; shrink to what the input needs at all
            wanted = demand > 0 ? Math.max(1, current - 1) : bounds.min();
            why = "job idle (busy " + round(v.busyRatio()) + ")";
        } else {
            double truePerSubtask = v.processedPerSecond() / (v.busyRatio() * v.parallelism());
            wanted = (int) Math.ceil(demand / (truePerSubtask * targetUtilization));
            inputs.put("trueRatePerSubtask", round(truePerSubtask));
            why = "demand " + round(demand) + "/s over true rate " + round(truePerSubtask) + "/s per subtask at "
                    + targetUtilization + " utilization = " + wanted;
        }
        if (capBySegments && wanted > in.segments()) {
            why += ", capped at " + in.segments() + " segments (more readers would idle)";
            wanted = in.segments();
        }
        int target = bounds.clamp(Math.max(wanted, bounds.min()));
        inputs.put("segments", in.segments());
        return Optional.of(new Recommendation(target, why, inputs));
    }

    /** Events per second needed to drain the reader group's backlog within catchUpSeconds. */
    private double backlogEventsPerSecond(StreamStats in) {
        if (in.unreadBytes() <= 0 || in.eventsPerSecond() <= 0 || in.bytesPerSecond() <= 0) {
            return 0;
        }
        double bytesPerEvent = in.bytesPerSecond() / in.eventsPerSecond();
        return in.unreadBytes() / bytesPerEvent / catchUpSeconds;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    /** Options of {@link ComputeAwareRule}; defaults: 0.7 utilization, 60 s catch-up, capped by segments. */
    public static final class Builder {
        private final String stream;
        private final String job;
        private double targetUtilization = 0.7;
        private double catchUpSeconds = 60;
        private boolean capBySegments = true;
        private Bounds bounds = new Bounds(1, 64);

        private Builder(String stream, String job) {
            this.stream = stream;
            this.job = job;
        }

        /** Share of a subtask's true rate the job should use, in (0, 1]. */
        public Builder targetUtilization(double v) {
            if (!(v > 0 && v <= 1)) {
                throw new IllegalArgumentException("targetUtilization must be in (0, 1], got " + v);
            }
            this.targetUtilization = v;
            return this;
        }

        /** How fast the reader group's backlog should drain. */
        public Builder catchUpSeconds(double v) {
            if (!(v > 0)) {
                throw new IllegalArgumentException("catchUpSeconds must be greater than 0, got " + v);
            }
            this.catchUpSeconds = v;
            return this;
        }

        public Builder capBySegments(boolean v) {
            this.capBySegments = v;
            return this;
        }

        public Builder bounds(Bounds v) {
            this.bounds = v;
            return this;
        }

        public ComputeAwareRule build() {
            return new ComputeAwareRule(this);
        }
    }
}
