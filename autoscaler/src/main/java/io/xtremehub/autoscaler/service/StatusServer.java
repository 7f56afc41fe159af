package io.xtremehub.autoscaler.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.xtremehub.autoscaler.Decision;
import io.xtremehub.autoscaler.Orchestrator;
import io.xtremehub.autoscaler.collect.JobStats;
import io.xtremehub.autoscaler.collect.Snapshot;
import io.xtremehub.autoscaler.collect.StreamStats;
import io.xtremehub.autoscaler.collect.VertexStats;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;

/**
 * The service's loopback HTTP endpoint: {@code /metrics} in Prometheus' text format and
 * {@code /status} as JSON (watched streams, jobs, task managers, each scaler's last decision
 * with its next allowed action times, the latest actions).
 */
public final class StatusServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;

    private StatusServer(HttpServer server) {
        this.server = server;
    }

    /** Starts on host:port (0 picks a free port). */
    public static StatusServer start(Orchestrator orchestrator, String host, int port) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 0);
        server.createContext("/metrics", ex -> reply(ex, "text/plain; version=0.0.4", () -> orchestrator.metrics().scrape()));
        server.createContext("/status", ex -> reply(ex, "application/json", () -> status(orchestrator).toPrettyString()));
        server.start();
        return new StatusServer(server);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    static ObjectNode status(Orchestrator o) {
        ObjectNode root = JSON.createObjectNode();
        Snapshot s = o.lastSnapshot();
        root.put("collectedAt", s == null ? null : s.time().toString());
        ArrayNode streams = root.putArray("streams");
        ArrayNode jobs = root.putArray("jobs");
        if (s != null) {
            for (StreamStats st : s.streams().values()) {
                streams.addObject().put("stream", st.stream()).put("segments", st.segments())
                        .put("minSegments", st.minSegments()).put("eventsPerSecond", st.eventsPerSecond())
                        .put("bytesPerSecond", st.bytesPerSecond()).put("unreadBytes", st.unreadBytes());
            }
            for (JobStats j : s.jobs().values()) {
                ObjectNode job = jobs.addObject().put("name", j.name()).put("id", j.id()).put("state", j.state())
                        .put("parallelism", j.parallelism());
                ArrayNode vertices = job.putArray("vertices");
                for (VertexStats v : j.vertices()) {
                    vertices.addObject().put("name", v.name()).put("parallelism", v.parallelism())
                            .put("busy", v.busyRatio()).put("backPressure", v.backPressureRatio())
                            .put("recordsInPerSecond", v.recordsInPerSecond())
                            .put("recordsOutPerSecond", v.recordsOutPerSecond());
                }
            }
            root.putObject("taskManagers").put("registered", s.cluster().taskManagers())
                    .put("slotsTotal", s.cluster().slotsTotal()).put("slotsFree", s.cluster().slotsFree());
        }
        ObjectNode scalers = root.putObject("scalers");
        o.lastDecisions().forEach((name, d) -> scalers.set(name, decision(d)));
        ArrayNode actions = root.putArray("lastActions");
        List<Decision> acted = o.decisionLog().latest();
        acted.subList(Math.max(0, acted.size() - 20), acted.size()).forEach(d -> actions.add(decision(d)));
        return root;
    }

    private static ObjectNode decision(Decision d) {
        ObjectNode n = JSON.createObjectNode().put("time", d.time().toString()).put("rule", d.rule())
                .put("action", d.action()).put("from", d.from()).put("to", d.to())
                .put("recommended", d.recommended()).put("reason", d.reason())
                .put("nextUpAllowed", d.nextUpAllowed().toString())
                .put("nextDownAllowed", d.nextDownAllowed().toString())
                .put("scaler", d.scaler());
        ObjectNode inputs = n.putObject("inputs");
        d.inputs().forEach((k, v) -> inputs.put(k, String.valueOf(v)));
        return n;
    }

    private static void reply(HttpExchange ex, String type, Supplier<String> body) throws IOException {
        byte[] bytes;
        int code = 200;
        try {
            bytes = body.get().getBytes(StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            bytes = ("{\"error\":" + JSON.writeValueAsString(String.valueOf(e.getMessage())) + "}")
                    .getBytes(StandardCharsets.UTF_8);
            code = 500;
        }
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(code, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
