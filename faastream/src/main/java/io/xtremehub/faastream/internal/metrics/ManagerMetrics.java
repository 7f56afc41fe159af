package io.xtremehub.faastream.internal.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.prometheus.PrometheusConfig;
import io.micrometer.prometheus.PrometheusMeterRegistry;
import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.StageMetrics;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The manager's {@code /metrics} endpoint in Prometheus' text format, on loopback: per job and stage
 * (tags {@code job}, {@code stage}, {@code name}) the events in and out, dead letters, queued events,
 * mean processing time, input lag, workers, input segments and, in exactly-once jobs, epochs
 * committed and aborted and roll-backs; each read from the job's latest status when scraped.
 */
public final class ManagerMetrics implements AutoCloseable {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final HttpServer server;

    private ManagerMetrics(HttpServer server) {
        this.server = server;
    }

    /** Serves on host:port (0 picks a free port). */
    public static ManagerMetrics start(String host, int port) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 0);
            ManagerMetrics metrics = new ManagerMetrics(server);
            server.createContext("/metrics", metrics::scrape);
            server.start();
            return metrics;
        } catch (IOException e) {
            throw new IllegalStateException("the manager's metrics endpoint cannot listen on " + host + ":" + port + ": "
                    + e.getMessage(), e);
        }
    }

    public URI endpoint() {
        String host = server.getAddress().getAddress().getHostAddress();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + server.getAddress().getPort()
                + "/metrics");
    }

    /** Exposes the stages of a job the manager just started. */
    public void register(Job job, List<String> stageNames) {
        Gauge.builder("faastream.job.running", job, j -> j.status().state().terminal() ? 0 : 1)
                .tags("job", job.id()).description("1 while the job runs").strongReference(true).register(registry);
        for (int i = 0; i < stageNames.size(); i++) {
            int stage = i;
            Tags tags = Tags.of("job", job.id(), "stage", Integer.toString(stage), "name", stageNames.get(stage));
            counter("faastream.stage.events.in", job, stage, tags, StageMetrics::eventsIn);
            counter("faastream.stage.events.out", job, stage, tags, StageMetrics::eventsOut);
            counter("faastream.stage.dead.lettered", job, stage, tags, StageMetrics::deadLettered);
            counter("faastream.stage.epochs.committed", job, stage, tags, StageMetrics::epochsCommitted);
            counter("faastream.stage.epochs.aborted", job, stage, tags, StageMetrics::epochsAborted);
            counter("faastream.stage.roll.backs", "exactly-once: times the stage was rolled back to its last commit",
                    job, stage, tags, StageMetrics::rollBacks);
            gauge("faastream.stage.queued.events", job, stage, tags, StageMetrics::queueLength);
            gauge("faastream.stage.processing.micros", job, stage, tags, StageMetrics::meanProcessingMicros);
            gauge("faastream.stage.lag.bytes", job, stage, tags, StageMetrics::lagBytes);
            gauge("faastream.stage.workers", job, stage, tags, StageMetrics::workers);
            gauge("faastream.stage.segments", job, stage, tags, StageMetrics::partitions);
        }
    }

    private void counter(String name, Job job, int stage, Tags tags, ToDoubleFunction<StageMetrics> value) {
        counter(name, null, job, stage, tags, value);
    }

    private void counter(String name, String help, Job job, int stage, Tags tags, ToDoubleFunction<StageMetrics> value) {
        FunctionCounter.builder(name, job, j -> read(j, stage, value)).description(help).tags(tags).register(registry);
    }

    private void gauge(String name, Job job, int stage, Tags tags, ToDoubleFunction<StageMetrics> value) {
        Gauge.builder(name, job, j -> read(j, stage, value)).tags(tags).strongReference(true).register(registry);
    }

    // a stage has no metrics before the job's first status snapshot
    private static double read(Job job, int stage, ToDoubleFunction<StageMetrics> value) {
        List<StageMetrics> stages = job.status().stages();
        return stage < stages.size() ? value.applyAsDouble(stages.get(stage)) : 0;
    }

    private void scrape(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!exchange.getRequestMethod().equals("GET")) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        registry.close();
    }
}
