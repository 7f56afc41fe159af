package io.xtremehub.nexus.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The mesh's HTTP server with the two JDK clients the mesh sends with. */
class BlockingHttpServerTest {
    private BlockingHttpServer server;
    private URI base;

    @BeforeEach
    void start() throws Exception {
        server = BlockingHttpServer.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8, "test-http", 8);
        // answers the request body back, with the client's port (which tells the connection) in a header
        server.createContext("/echo", exchange -> {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            exchange.getResponseHeaders().set("X-Port", Integer.toString(exchange.getRemoteAddress().getPort()));
            exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.createContext("/echo/head", exchange -> {
            exchange.getResponseHeaders().set("X-Port", Integer.toString(exchange.getRemoteAddress().getPort()));
            exchange.sendResponseHeaders("HEAD".equals(exchange.getRequestMethod()) ? 200 : 204, -1);
            exchange.close();
        });
        server.start();
        base = URI.create("http://127.0.0.1:" + server.address().getPort());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpURLConnection open(String path, String method) throws Exception {
        HttpURLConnection c = (HttpURLConnection) base.resolve(path).toURL().openConnection(Proxy.NO_PROXY);
        c.setRequestMethod(method);
        return c;
    }

    @Test
    void aChunkedBodyArrivesWholeAndTheConnectionCarriesTheNextRequests() throws Exception {
        byte[] data = new byte[700_000];
        new Random(5).nextBytes(data);
        HttpURLConnection put = open("/echo", "PUT");
        put.setDoOutput(true);
        put.setChunkedStreamingMode(100_000);
        try (OutputStream out = put.getOutputStream()) {
            out.write(data);
        }
        assertEquals(200, put.getResponseCode());
        byte[] back;
        try (InputStream in = put.getInputStream()) {
            back = in.readAllBytes();
        }
        assertArrayEquals(data, back);
        String port = put.getHeaderField("X-Port");

        HttpURLConnection head = open("/echo/head", "HEAD");
        assertEquals(200, head.getResponseCode());
        head.getInputStream().close();
        HttpURLConnection noContent = open("/echo/head", "DELETE");
        assertEquals(204, noContent.getResponseCode());
        noContent.getInputStream().close();
        HttpURLConnection get = open("/echo", "GET");
        assertEquals(200, get.getResponseCode());
        assertEquals(0, get.getInputStream().readAllBytes().length);
        // the same connection every time: nothing was left unread or unsent between the requests
        assertEquals(port, head.getHeaderField("X-Port"));
        assertEquals(port, noContent.getHeaderField("X-Port"));
        assertEquals(port, get.getHeaderField("X-Port"));
    }

    @Test
    void theJdkHttpClientSendsFixedAndChunkedBodies() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        byte[] data = "a forwarded chunk".getBytes(StandardCharsets.UTF_8);
        HttpResponse<byte[]> fixed = client.send(HttpRequest.newBuilder(base.resolve("/echo"))
                .PUT(HttpRequest.BodyPublishers.ofByteArray(data)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertArrayEquals(data, fixed.body());
        HttpResponse<byte[]> chunked = client.send(HttpRequest.newBuilder(base.resolve("/echo"))
                .PUT(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(data))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertArrayEquals(data, chunked.body());
        HttpResponse<String> head = client.send(HttpRequest.newBuilder(base.resolve("/echo/head"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, head.statusCode());
        assertEquals(fixed.headers().firstValue("X-Port"), head.headers().firstValue("X-Port"));
    }

    @Test
    void aPathNoContextServesIsNotFound() throws Exception {
        HttpURLConnection c = open("/nothing", "GET");
        assertEquals(404, c.getResponseCode());
        assertNull(c.getHeaderField("X-Port"));
    }

    @Test
    void connectionsBeyondTheLimitAreAnsweredBusyAndAFreedThreadServesTheNextOne() throws Exception {
        CountDownLatch inHandler = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService clients = Executors.newFixedThreadPool(2);
        try (BlockingHttpServer capped = BlockingHttpServer.bind(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8, "capped-http", 2)) {
            capped.createContext("/hold", exchange -> {
                inHandler.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                exchange.sendResponseHeaders(200, -1);
                exchange.close();
            });
            capped.start();
            URI at = URI.create("http://127.0.0.1:" + capped.address().getPort() + "/hold");
            // two connections take both threads and keep them until released
            Future<Integer> first = clients.submit(() -> status(at));
            Future<Integer> second = clients.submit(() -> status(at));
            assertTrue(inHandler.await(30, TimeUnit.SECONDS), "both held requests reached the handler");

            HttpURLConnection third = (HttpURLConnection) at.toURL().openConnection(Proxy.NO_PROXY);
            third.setReadTimeout(30_000); // without the limit it would wait in the handler: fail, not hang
            assertEquals(503, third.getResponseCode());
            String error = new String(third.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals("{\"error\":\"capped-http is serving its maximum of 2 connections; try again\"}", error);

            release.countDown();
            assertEquals(200, first.get(30, TimeUnit.SECONDS));
            assertEquals(200, second.get(30, TimeUnit.SECONDS));
            // the held connections were closed after their answers: their threads serve new ones (a
            // thread is given back just after its answer was sent, so a busy machine may say 503 once more)
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            int next;
            do {
                next = status(at);
            } while (next == 503 && System.nanoTime() < deadline);
            assertEquals(200, next);
        } finally {
            release.countDown();
            clients.shutdownNow();
        }
    }

    @Test
    void aLimitBelowOneIsRefusedInOneLine() {
        String message = assertThrows(IllegalArgumentException.class, () -> BlockingHttpServer.bind(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8, "zero-http", 0)).getMessage();
        assertEquals("zero-http: the connection limit must be at least 1, not 0", message);
    }

    /** The status of a GET on a connection of its own, which the server closes after answering. */
    private static int status(URI target) throws Exception {
        HttpURLConnection c = (HttpURLConnection) target.toURL().openConnection(Proxy.NO_PROXY);
        c.setRequestProperty("Connection", "close");
        int status = c.getResponseCode();
        c.disconnect();
        return status;
    }
}
