package io.xtremehub.nexus.http;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * Creates Nexus' JDK HTTP servers (the admin API) with TCP_NODELAY on their connections.
 * The JDK server writes an answer's headers and its body in two writes; with Nagle's algorithm on
 * (its default) a small body then waits for the client's delayed ACK, about 40 ms on Linux, on
 * every request of a kept-alive connection. The server reads its switch, the system property
 * {@value #NODELAY}, once, when its first instance in the JVM is created: it is set here unless
 * someone set it already, so it takes effect when a Nexus server is the JVM's first. The swarmlet
 * mesh is served by {@link BlockingHttpServer}, which sets TCP_NODELAY on every connection itself.
 */
public final class JdkHttpServers {
    static final String NODELAY = "sun.net.httpserver.nodelay";

    private JdkHttpServers() {
    }

    /** A bound server, not started. */
    public static HttpServer create(InetSocketAddress address, int backlog) throws IOException {
        if (System.getProperty(NODELAY) == null) {
            System.setProperty(NODELAY, "true");
        }
        return HttpServer.create(address, backlog);
    }
}
