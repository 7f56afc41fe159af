package io.xtremehub.nexus.http;

import com.sun.net.httpserver.HttpHandler;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An HTTP/1.1 server that serves each connection on a thread of its own, reading it with blocking
 * reads: a request on a kept-alive connection wakes the one thread that handles it. The JDK's
 * {@code HttpServer} instead hands every request from its selector thread to a worker and hands the
 * connection back to the selector afterwards, two thread wake-ups per request on its critical path;
 * between the workers of a mesh, with few long-lived connections that carry many requests each,
 * those hand-offs are most of a request's fixed cost on a busy machine. Handlers are the JDK's
 * {@link HttpHandler}s, given {@link BlockingExchange}s; a request goes to the context with the
 * longest path prefix of its path (404 if none).
 *
 * <p>Threads are bounded: at most {@code maxConnections} connections are served at once. A
 * connection beyond that waits up to {@link #BUSY_WAIT_MILLIS} for one to end, then is answered
 * {@code 503} with a one-line JSON error and closed, on the accepting thread, without a thread of
 * its own (a sender treats it as "slow down, try again").
 */
public final class BlockingHttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BlockingHttpServer.class);
    /** How long a kept-alive connection may wait for its next request before it is closed. */
    static final int IDLE_MILLIS = 30_000;
    /** How long a connection beyond the cap waits for a free thread before it is answered 503. */
    static final int BUSY_WAIT_MILLIS = 200;
    /** How long a refused connection's request is read and dropped before the socket is closed. */
    private static final int REFUSE_DRAIN_MILLIS = 100;

    private final ServerSocket listener;
    private final String threadName;
    private final int maxConnections;
    private final Semaphore threads;
    private final Map<String, HttpHandler> contexts = new TreeMap<>();
    private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private BlockingHttpServer(ServerSocket listener, String threadName, int maxConnections) {
        this.listener = listener;
        this.threadName = threadName;
        this.maxConnections = maxConnections;
        this.threads = new Semaphore(maxConnections);
    }

    /**
     * A bound server, not started.
     *
     * @param threadName the name of its threads (daemons)
     * @param maxConnections the most connections served at once, each on a thread (at least 1)
     */
    public static BlockingHttpServer bind(InetSocketAddress address, int backlog, String threadName,
                                          int maxConnections) throws IOException {
        if (maxConnections < 1) {
            throw new IllegalArgumentException(threadName + ": the connection limit must be at least 1, not "
                    + maxConnections);
        }
        ServerSocket listener = new ServerSocket();
        try {
            listener.setReuseAddress(true);
            listener.bind(address, backlog);
        } catch (IOException e) {
            listener.close();
            throw e;
        }
        return new BlockingHttpServer(listener, threadName, maxConnections);
    }

    /** Serves requests whose path starts with {@code path} with {@code handler}; before {@link #start()}. */
    public void createContext(String path, HttpHandler handler) {
        contexts.put(path, handler);
    }

    /** The bound address. */
    public InetSocketAddress address() {
        return (InetSocketAddress) listener.getLocalSocketAddress();
    }

    /** Accepts connections from now on. */
    public void start() {
        daemon(threadName + "-accept", this::accept).start();
    }

    private void accept() {
        while (!closed) {
            Socket s;
            try {
                s = listener.accept();
            } catch (IOException e) {
                if (!closed) {
                    // e.g. out of file descriptors for a moment: the listener itself is still open
                    LOG.warn("{} could not accept a connection: {}", threadName, e.toString());
                    continue;
                }
                return;
            }
            if (!acquireThread()) {
                refuse(s);
                continue;
            }
            connections.add(s);
            if (closed) { // close() may have run between accept and add
                connections.remove(s);
                threads.release();
                closeQuietly(s);
                return;
            }
            daemon(threadName, () -> {
                try {
                    serve(s);
                } finally {
                    threads.release();
                }
            }).start();
        }
    }

    private boolean acquireThread() {
        try {
            return threads.tryAcquire(BUSY_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Answers a connection beyond the cap 503 without reading its request: small enough for the
     * socket's send buffer, so the accepting thread does not wait on the client to write it. What
     * the client sent is then read and dropped until it closes (at most {@link #REFUSE_DRAIN_MILLIS}):
     * a socket closed with unread bytes sends a reset, which can destroy the answer before it is read.
     */
    private void refuse(Socket s) {
        byte[] body = ("{\"error\":\"" + threadName + " is serving its maximum of " + maxConnections
                + " connections; try again\"}").getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length + "\r\nConnection: close\r\n\r\n";
        try (s) {
            OutputStream out = s.getOutputStream();
            out.write((head + new String(body, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
            out.flush();
            s.shutdownOutput();
            s.setSoTimeout(REFUSE_DRAIN_MILLIS);
            InputStream in = s.getInputStream();
            byte[] sink = new byte[8192];
            for (int total = 0; total < 64 * 1024; ) {
                int n = in.read(sink);
                if (n < 0) {
                    break;
                }
                total += n;
            }
        } catch (IOException e) {
            LOG.debug("{}: refusing a connection: {}", threadName, e.toString());
        }
        LOG.debug("{}: refused a connection beyond {}", threadName, maxConnections);
    }

    /** Serves the requests of one connection, one after the other, until either side closes it. */
    private void serve(Socket s) {
        try (s) {
            s.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(s.getInputStream(), 64 * 1024);
            OutputStream out = new BufferedOutputStream(s.getOutputStream(), 16 * 1024);
            while (!closed) {
                s.setSoTimeout(IDLE_MILLIS);
                HttpRequestHead head = HttpRequestHead.read(in);
                if (head == null) {
                    return; // the client closed the connection between requests
                }
                s.setSoTimeout(0); // a body may pause as long as its sender's own client does
                BlockingExchange exchange = new BlockingExchange(s, head, in, out);
                try (exchange) {
                    handler(head.path()).handle(exchange);
                } catch (IOException | RuntimeException e) {
                    LOG.debug("{}: {} {} failed: {}", threadName, head.method(), head.target(), e.toString());
                    return; // the exchange's state is unknown: the connection cannot carry another request
                }
                if (!exchange.reusable()) {
                    return;
                }
            }
        } catch (HttpRequestHead.BadRequest e) {
            LOG.debug("{}: bad request: {}", threadName, e.getMessage());
        } catch (IOException e) {
            if (!closed && !(e instanceof SocketException)) {
                LOG.debug("{}: connection ended: {}", threadName, e.toString());
            }
        } finally {
            connections.remove(s);
        }
    }

    private HttpHandler handler(String path) {
        HttpHandler best = null;
        int length = -1;
        for (Map.Entry<String, HttpHandler> c : contexts.entrySet()) {
            if (path.startsWith(c.getKey()) && c.getKey().length() > length) {
                best = c.getValue();
                length = c.getKey().length();
            }
        }
        return best != null ? best : exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        };
    }

    private static Thread daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        return t;
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    /** Stops accepting and closes every connection (requests in flight fail). */
    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        connections.forEach(BlockingHttpServer::closeQuietly);
    }
}
