package io.xtremehub.nexus.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheus.PrometheusConfig;
import io.micrometer.prometheus.PrometheusMeterRegistry;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The metrics of one Nexus worker, in Prometheus' text format at the admin API's {@code GET /metrics}:
 *
 * <ul>
 *   <li>{@code nexus_requests_seconds{operation,status}}: S3 requests by operation (GetObject,
 *   PutObject, ...) and HTTP status, with their duration; {@code nexus_requests_in_flight}</li>
 *   <li>{@code nexus_errors_total{operation,status}}: requests answered with an S3 error (4xx/5xx)</li>
 *   <li>{@code nexus_client_bytes_total{policy,direction=received|sent}} and
 *   {@code nexus_backend_bytes_total{policy,direction=written|read}}: bytes of objects a policy
 *   applies to, as clients see them and as the backend stores them (received / written is the
 *   policy's compression ratio); {@code nexus_backend_reads_total{policy}}: backend GETs</li>
 *   <li>{@code nexus_streamlet_seconds{streamlet,operation=put|get}}: time spent in each streamlet
 *   itself, without the time of the streams it reads from</li>
 * </ul>
 * Policies are labelled by name (not version), so the number of series stays bounded.
 */
public final class NexusMetrics {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final AtomicInteger inFlight = new AtomicInteger();

    /** A registry with the in-flight gauge. */
    public NexusMetrics() {
        Gauge.builder("nexus.requests.in.flight", inFlight, AtomicInteger::get)
                .description("S3 requests being served").register(registry);
    }

    /** The Prometheus text exposition of every metric. */
    public String scrape() {
        return registry.scrape();
    }

    void requestStarted() {
        inFlight.incrementAndGet();
    }

    void requestFinished(String operation, int status, long nanos) {
        inFlight.decrementAndGet();
        String code = Integer.toString(status);
        Timer.builder("nexus.requests").description("S3 requests by operation and status")
                .tags("operation", operation, "status", code).register(registry).record(nanos, TimeUnit.NANOSECONDS);
        if (status >= 400) {
            Counter.builder("nexus.errors").description("S3 requests answered with an error")
                    .tags("operation", operation, "status", code).register(registry).increment();
        }
    }

    /** Bytes of an object a client wrote ({@code received}) or read ({@code sent}) under a policy. */
    public void clientBytes(String policy, String direction, long bytes) {
        Counter.builder("nexus.client.bytes").description("object bytes as clients see them")
                .tags("policy", policy, "direction", direction).register(registry).increment(bytes);
    }

    /** Bytes of an object written to or read from the backend under a policy; a read counts one GET. */
    public void backendBytes(String policy, String direction, long bytes) {
        Counter.builder("nexus.backend.bytes").description("object bytes as the backend stores them")
                .tags("policy", policy, "direction", direction).register(registry).increment(bytes);
        if (direction.equals("read")) {
            Counter.builder("nexus.backend.reads").description("backend GETs of objects under a policy")
                    .tags("policy", policy).register(registry).increment();
        }
    }

    /** Time a streamlet spent on one object (or range), without the time of the streams below it. */
    public void streamletTime(String streamlet, String operation, long nanos) {
        Timer.builder("nexus.streamlet").description("time spent in a streamlet itself")
                .tags("streamlet", streamlet, "operation", operation).register(registry)
                .record(Math.max(0, nanos), TimeUnit.NANOSECONDS);
    }
}
