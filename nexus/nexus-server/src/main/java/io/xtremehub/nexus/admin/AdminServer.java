package io.xtremehub.nexus.admin;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.xtremehub.nexus.NexusServer;
import io.xtremehub.nexus.http.JdkHttpServers;
import io.xtremehub.nexus.http.JsonReply;
import io.xtremehub.nexus.metadata.MetadataJson;
import io.xtremehub.nexus.metadata.StreamletRegistration;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.swarm.SwarmletDirectory;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP admin API. Every request needs {@code Authorization: Bearer <token>} except
 * {@code GET /metrics} (Prometheus text format, for scrapers; it holds counts and timings only):
 *
 * <ul>
 *   <li>{@code GET /metrics}: see {@link io.xtremehub.nexus.metrics.NexusMetrics}</li>
 *   <li>{@code GET /status}: endpoint, backend, metadata store, policies, streamlets, worker id and
 *   swarmlet members</li>
 *   <li>{@code GET /policies}, {@code PUT /policies} (policy JSON), {@code DELETE /policies/<name>}</li>
 *   <li>{@code GET /streamlets}, {@code POST /streamlets} (the jar bytes)</li>
 *   <li>{@code GET /swarmlets}, {@code GET /swarmlets/<name>}: swarmlets of the metadata namespace with
 *   their labels, live workers and the partition intervals each owns</li>
 * </ul>
 *
 * Errors answer {@code {"error": "<one line>"}} with a 4xx status.
 */
public final class AdminServer {
    private static final Logger LOG = LoggerFactory.getLogger(AdminServer.class);
    private static final long MAX_BODY = 64L << 20;

    private final HttpServer server;
    private final String token;
    private final NexusServer nexus;
    private final ExecutorService executor = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "nexus-admin");
        t.setDaemon(true);
        return t;
    });

    /** Binds the admin API; call {@link #start()} to serve. */
    public AdminServer(String host, int port, String token, NexusServer nexus) throws IOException {
        this.token = token;
        this.nexus = nexus;
        this.server = JdkHttpServers.create(new InetSocketAddress(host, port), 16);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
    }

    /** Serves. */
    public void start() {
        server.start();
    }

    /** The bound port. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Stops serving. */
    public void stop() {
        server.stop(0);
        executor.shutdownNow();
    }

    private static final class HttpError extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int status;

        HttpError(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            try {
                if (exchange.getRequestURI().getPath().equals("/metrics")
                        && exchange.getRequestMethod().equals("GET")) {
                    byte[] body = nexus.metrics().scrape().getBytes(StandardCharsets.UTF_8);
                    exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
                    exchange.sendResponseHeaders(200, body.length);
                    exchange.getResponseBody().write(body);
                    return;
                }
                authenticate(exchange);
                Object result = route(exchange);
                if (result == null) {
                    exchange.sendResponseHeaders(204, -1);
                } else {
                    JsonReply.send(exchange, 200, MetadataJson.write(result));
                }
            } catch (HttpError e) {
                JsonReply.send(exchange, e.status, MetadataJson.write(Map.of("error", e.getMessage())));
            } catch (IllegalArgumentException e) {
                JsonReply.send(exchange, 400, MetadataJson.write(Map.of("error", e.getMessage())));
            } catch (RuntimeException e) {
                LOG.warn("admin request {} {} failed", exchange.getRequestMethod(), exchange.getRequestURI(), e);
                JsonReply.send(exchange, 500, MetadataJson.write(Map.of("error", String.valueOf(e.getMessage()))));
            }
        }
    }

    private void authenticate(HttpExchange exchange) {
        String header = exchange.getRequestHeaders().getFirst("Authorization");
        String expected = "Bearer " + token;
        if (header == null || !MessageDigest.isEqual(header.getBytes(StandardCharsets.UTF_8),
                expected.getBytes(StandardCharsets.UTF_8))) {
            throw new HttpError(401, "missing or wrong admin token: pass Authorization: Bearer <token>");
        }
    }

    private Object route(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getPath();
        if (path.equals("/status") && method.equals("GET")) {
            Map<String, Object> status = new LinkedHashMap<>();
            status.put("s3Endpoint", nexus.endpoint().toString());
            status.put("backend", nexus.backendDescription());
            status.put("metadata", nexus.metadata().describe());
            status.put("policies", nexus.metadata().activePolicies().stream().map(Policy::id).toList());
            status.put("streamlets", nexus.streamlets().descriptors().stream().map(d -> d.id()).toList());
            status.put("worker", nexus.workerId());
            status.put("swarmlet", nexus.swarmletMembers());
            return status;
        }
        if (path.equals("/policies")) {
            if (method.equals("GET")) {
                return nexus.metadata().activePolicies();
            }
            if (method.equals("PUT") || method.equals("POST")) {
                String body = new String(readBody(exchange), StandardCharsets.UTF_8);
                return nexus.definePolicy(MetadataJson.readPolicy(body));
            }
        }
        if (path.startsWith("/policies/") && method.equals("DELETE")) {
            String name = path.substring("/policies/".length());
            if (!nexus.metadata().deletePolicy(name)) {
                throw new HttpError(404, "no active policy named '" + name + "'");
            }
            return null;
        }
        if (path.equals("/streamlets")) {
            if (method.equals("GET")) {
                return nexus.streamlets().descriptors();
            }
            if (method.equals("POST")) {
                byte[] jar = readBody(exchange);
                Path tmp = Files.createTempFile("upload", ".jar");
                try {
                    Files.write(tmp, jar);
                    List<StreamletRegistration> registered = nexus.streamlets().register(tmp);
                    return registered;
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
        }
        if ((path.equals("/swarmlets") || path.startsWith("/swarmlets/")) && method.equals("GET")) {
            SwarmletDirectory swarmlets = nexus.swarmletDirectory().orElseThrow(() -> new HttpError(404,
                    "this worker keeps its metadata in-process, so it knows no swarmlet: set metadata.redis"));
            if (path.equals("/swarmlets")) {
                return swarmlets.list();
            }
            String name = path.substring("/swarmlets/".length());
            return swarmlets.find(name).orElseThrow(() -> new HttpError(404, "no swarmlet named '" + name + "'"));
        }
        throw new HttpError(404, "no such admin resource: " + method + " " + path);
    }

    private static byte[] readBody(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readNBytes((int) MAX_BODY + 1);
            if (body.length > MAX_BODY) {
                throw new HttpError(413, "request body larger than " + MAX_BODY + " bytes");
            }
            return body;
        }
    }

}
