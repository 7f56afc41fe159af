package io.xtremehub.autoscaler.flink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The part of Flink's REST API the orchestrator reads and writes, over the JDK's HTTP client.
 * Every failure becomes a {@link FlinkRestException} with one line naming the URL and what
 * Flink answered.
 */
public final class FlinkRestClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> FINISHED = Set.of("FINISHED", "CANCELED", "FAILED", "SUSPENDED");

    private final URI base;
    private final HttpClient http;
    private final Duration timeout;

    public FlinkRestClient(URI base, Duration timeout) {
        String s = base.toString();
        this.base = URI.create(s.endsWith("/") ? s.substring(0, s.length() - 1) : s);
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    public URI base() {
        return base;
    }

    /** A job of that name that has not finished (the newest if several), as {@code {jid, name, state}}. */
    public Optional<JsonNode> liveJob(String name) {
        JsonNode out = null;
        for (JsonNode j : get("/jobs/overview").path("jobs")) {
            if (name.equals(j.path("name").asText()) && !FINISHED.contains(j.path("state").asText())
                    && (out == null || j.path("start-time").asLong() > out.path("start-time").asLong())) {
                out = j;
            }
        }
        return Optional.ofNullable(out);
    }

    /** Every job that has not finished, as {@code {jid, name, state}}. */
    public List<JsonNode> liveJobs() {
        List<JsonNode> out = new java.util.ArrayList<>();
        get("/jobs/overview").path("jobs").forEach(j -> {
            if (!FINISHED.contains(j.path("state").asText())) {
                out.add(j);
            }
        });
        return out;
    }

    public JsonNode get(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).timeout(timeout).GET().build());
    }

    public JsonNode put(String path, JsonNode body) {
        return send(HttpRequest.newBuilder(base.resolve(path)).timeout(timeout)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body.toString())).build());
    }

    private JsonNode send(HttpRequest request) {
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new FlinkRestException("Flink REST API at " + base + " is unreachable (" + e + "): is the"
                    + " JobManager running and its rest.address/rest.port right?", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FlinkRestException("interrupted while calling " + request.uri(), e);
        }
        JsonNode body = parse(response.body());
        if (response.statusCode() / 100 != 2) {
            String errors = body.path("errors").isArray() && body.path("errors").size() > 0
                    ? body.path("errors").get(0).asText().lines().findFirst().orElse("") : response.body();
            throw new FlinkRestException(request.method() + " " + request.uri() + " answered "
                    + response.statusCode() + ": " + errors);
        }
        return body;
    }

    private static JsonNode parse(String body) {
        try {
            return body == null || body.isBlank() ? JSON.createObjectNode() : JSON.readTree(body);
        } catch (IOException e) {
            return JSON.createObjectNode().put("raw", body);
        }
    }
}
