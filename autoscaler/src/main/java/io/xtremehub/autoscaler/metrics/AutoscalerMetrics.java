package io.xtremehub.autoscaler.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.prometheus.PrometheusConfig;
import io.micrometer.prometheus.PrometheusMeterRegistry;
import io.xtremehub.autoscaler.Decision;
import io.xtremehub.autoscaler.collect.JobStats;
import io.xtremehub.autoscaler.collect.Snapshot;
import io.xtremehub.autoscaler.collect.StreamStats;
import io.xtremehub.autoscaler.collect.VertexStats;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Every input metric and every decision as Prometheus series (Micrometer). Gauges are
 * registered on first sight of a stream, segment, job or vertex and keep their last value.
 */
public final class AutoscalerMetrics {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Map<String, AtomicReference<Double>> gauges = new ConcurrentHashMap<>();

    /** Records one collection. */
    public void record(Snapshot s) {
        for (StreamStats st : s.streams().values()) {
            Tags t = Tags.of("stream", st.stream());
            set("xtremehub_stream_segments", t, st.segments());
            set("xtremehub_stream_min_segments", t, st.minSegments());
            set("xtremehub_stream_write_events_per_second", t, st.eventsPerSecond());
            set("xtremehub_stream_write_bytes_per_second", t, st.bytesPerSecond());
            set("xtremehub_readergroup_unread_bytes", t, st.unreadBytes());
            st.segmentBytesPerSecond().forEach((segment, rate) -> set("xtremehub_segment_write_bytes_per_second",
                    t.and("segment", Long.toString(segment)), rate));
        }
        for (JobStats j : s.jobs().values()) {
            for (VertexStats v : j.vertices()) {
                Tags t = Tags.of("job", j.name(), "vertex", v.name());
                set("xtremehub_flink_vertex_parallelism", t, v.parallelism());
                set("xtremehub_flink_vertex_busy_ratio", t, v.busyRatio());
                set("xtremehub_flink_vertex_backpressure_ratio", t, v.backPressureRatio());
                set("xtremehub_flink_vertex_records_in_per_second", t, v.recordsInPerSecond());
                set("xtremehub_flink_vertex_records_out_per_second", t, v.recordsOutPerSecond());
            }
        }
        set("xtremehub_flink_taskmanagers", Tags.empty(), s.cluster().taskManagers());
        set("xtremehub_flink_slots_total", Tags.empty(), s.cluster().slotsTotal());
        set("xtremehub_flink_slots_free", Tags.empty(), s.cluster().slotsFree());
    }

    /** Records one decision: current and recommended values, and a counter per action. */
    public void record(Decision d) {
        Tags t = Tags.of("scaler", d.scaler());
        set("xtremehub_autoscaler_current", t, d.to());
        set("xtremehub_autoscaler_recommended", t, d.recommended());
        set("xtremehub_autoscaler_next_up_allowed_seconds", t, d.nextUpAllowed().getEpochSecond());
        set("xtremehub_autoscaler_next_down_allowed_seconds", t, d.nextDownAllowed().getEpochSecond());
        Counter.builder("xtremehub_autoscaler_decisions").tags(t.and("action", d.action()))
                .register(registry).increment();
    }

    /** The Prometheus text exposition of everything recorded. */
    public String scrape() {
        return registry.scrape();
    }

    private void set(String name, Tags tags, double value) {
        String key = name + tags;
        gauges.computeIfAbsent(key, k -> {
            AtomicReference<Double> holder = new AtomicReference<>(0.0);
            Gauge.builder(name, holder, AtomicReference::get).tags(tags).register(registry);
            return holder;
        }).set(value);
    }
}
