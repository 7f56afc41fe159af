package io.xtremehub.nexus.http;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpContext;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpPrincipal;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One request and its answer on a connection of {@link BlockingHttpServer}, with the JDK server's
 * conventions: {@link #sendResponseHeaders} with a length of -1 sends no body, 0 a chunked one, more
 * a body of that length; answers to HEAD, 1xx, 204 and 304 have no body. Closing it finishes the
 * answer and reads what is left of the request body, so that the connection can carry the next
 * request (it is closed instead when the answer is incomplete or more than 64 KiB are left unread).
 */
final class BlockingExchange extends HttpExchange {
    private static final int MAX_DRAIN = 64 * 1024;

    private final Socket socket;
    private final HttpRequestHead head;
    private final OutputStream out;
    private final RequestBody requestBody;
    private final Headers responseHeaders = new Headers();
    private final Map<String, Object> attributes = new HashMap<>();
    private OutputStream responseBody;
    private int status = -1;
    private boolean finished;
    private boolean reusable;

    BlockingExchange(Socket socket, HttpRequestHead head, InputStream in, OutputStream out) throws IOException {
        this.socket = socket;
        this.head = head;
        this.out = out;
        this.requestBody = RequestBody.of(head, in, this::continueIfExpected);
    }

    /** Whether the connection can carry another request after this exchange was closed. */
    boolean reusable() {
        return reusable;
    }

    /** Answers {@code Expect: 100-continue} when the handler starts reading the body it was asked about. */
    private void continueIfExpected() throws IOException {
        if (status < 0 && "100-continue".equalsIgnoreCase(head.headers().getFirst("Expect"))) {
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        }
    }

    @Override
    public Headers getRequestHeaders() {
        return head.headers();
    }

    @Override
    public Headers getResponseHeaders() {
        return responseHeaders;
    }

    @Override
    public URI getRequestURI() {
        return URI.create(head.target());
    }

    @Override
    public String getRequestMethod() {
        return head.method();
    }

    @Override
    public HttpContext getHttpContext() {
        throw new UnsupportedOperationException("contexts of a blocking HTTP server are plain path prefixes");
    }

    @Override
    public InputStream getRequestBody() {
        return requestBody;
    }

    @Override
    public OutputStream getResponseBody() {
        if (responseBody == null) {
            throw new IllegalStateException("sendResponseHeaders must be called before getResponseBody");
        }
        return responseBody;
    }

    @Override
    public void sendResponseHeaders(int rCode, long responseLength) throws IOException {
        if (status >= 0) {
            throw new IOException("headers already sent");
        }
        status = rCode;
        boolean noBodyAllowed = rCode < 200 || rCode == 204 || rCode == 304 || "HEAD".equals(head.method());
        StringBuilder h = new StringBuilder("HTTP/1.1 ").append(rCode).append(' ').append(reason(rCode)).append("\r\n");
        if (noBodyAllowed) {
            responseBody = ResponseBody.none(out);
        } else if (responseLength == 0) {
            responseHeaders.set("Transfer-Encoding", "chunked");
            responseBody = ResponseBody.chunked(out);
        } else {
            long length = Math.max(0, responseLength);
            responseHeaders.set("Content-Length", Long.toString(length));
            responseBody = ResponseBody.fixed(out, length);
        }
        for (Map.Entry<String, List<String>> e : responseHeaders.entrySet()) {
            for (String v : e.getValue()) {
                h.append(e.getKey()).append(": ").append(v).append("\r\n");
            }
        }
        out.write(h.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        if (noBodyAllowed || responseLength < 0) {
            out.flush(); // nothing follows: the answer goes out now, in one write
        }
    }

    @Override
    public void close() {
        if (finished) {
            return;
        }
        finished = true;
        try {
            if (responseBody == null) {
                return; // no answer at all: the connection is closed
            }
            responseBody.close();
            boolean complete = ((ResponseBody) responseBody).complete();
            out.flush();
            reusable = complete && requestBody.drain(MAX_DRAIN) && head.protocol().equals("HTTP/1.1")
                    && !"close".equalsIgnoreCase(head.headers().getFirst("Connection"))
                    && !"close".equalsIgnoreCase(responseHeaders.getFirst("Connection"));
        } catch (IOException e) {
            reusable = false;
        }
    }

    @Override
    public InetSocketAddress getRemoteAddress() {
        return (InetSocketAddress) socket.getRemoteSocketAddress();
    }

    @Override
    public int getResponseCode() {
        return status;
    }

    @Override
    public InetSocketAddress getLocalAddress() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    @Override
    public String getProtocol() {
        return head.protocol();
    }

    @Override
    public Object getAttribute(String name) {
        return attributes.get(name);
    }

    @Override
    public void setAttribute(String name, Object value) {
        attributes.put(name, value);
    }

    @Override
    public void setStreams(InputStream i, OutputStream o) {
        throw new UnsupportedOperationException("the streams of a blocking HTTP exchange cannot be replaced");
    }

    @Override
    public HttpPrincipal getPrincipal() {
        return null;
    }

    private static String reason(int status) {
        return switch (status) {
            case 100 -> "Continue";
            case 200 -> "OK";
            case 204 -> "No Content";
            case 304 -> "Not Modified";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 409 -> "Conflict";
            case 412 -> "Precondition Failed";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            default -> "Status";
        };
    }
}
