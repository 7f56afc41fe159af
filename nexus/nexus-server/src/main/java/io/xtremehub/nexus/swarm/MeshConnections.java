package io.xtremehub.nexus.swarm;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * Blocking HTTP/1.1 connections for the mesh's bulk transfers (a chunk to the next hop, a stored
 * chunk back to the entry): the caller's thread reads and writes the socket itself. The JDK keeps
 * idle connections per worker for reuse (five by default, property {@code http.maxConnections}).
 */
final class MeshConnections {
    private static final int CONNECT_TIMEOUT_MS = 5_000;

    private MeshConnections() {
    }

    /** A request to a worker, authenticated, never through a proxy (the mesh is a private network). */
    static HttpURLConnection open(URI target, String method, String auth) {
        try {
            HttpURLConnection c = (HttpURLConnection) target.toURL().openConnection(Proxy.NO_PROXY);
            c.setRequestMethod(method);
            c.setConnectTimeout(CONNECT_TIMEOUT_MS);
            c.setUseCaches(false);
            c.setInstanceFollowRedirects(false);
            c.setRequestProperty("Authorization", auth);
            return c;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a mesh connection to " + target, e);
        }
    }

    /** A status and a small body (JSON): an answer or an error. */
    record Answer(int status, String body) {
    }

    /** Reads the whole answer, which leaves the connection free for reuse. */
    static Answer answer(HttpURLConnection c) throws IOException {
        int status = c.getResponseCode();
        InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
        if (in == null) {
            return new Answer(status, "");
        }
        try (in) {
            return new Answer(status, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
