package io.xtremehub.nexus.http;

import com.sun.net.httpserver.Headers;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The request line and headers of an HTTP/1.1 request, as {@link BlockingHttpServer} reads them.
 *
 * @param method the method, e.g. {@code PUT}
 * @param target the request target as sent (path and query)
 * @param protocol e.g. {@code HTTP/1.1}
 * @param headers the headers
 */
record HttpRequestHead(String method, String target, String protocol, Headers headers) {
    /** Longest request line or header line accepted. */
    private static final int MAX_LINE = 16 * 1024;
    /** Most header lines accepted. */
    private static final int MAX_HEADERS = 200;

    /** A request that is not HTTP/1.x as this server reads it. */
    static final class BadRequest extends IOException {
        private static final long serialVersionUID = 1L;

        BadRequest(String message) {
            super(message);
        }
    }

    /** The path of the target, without its query. */
    String path() {
        int q = target.indexOf('?');
        return q < 0 ? target : target.substring(0, q);
    }

    /**
     * Reads the next request's head, or returns null if the connection ends before its first byte.
     *
     * @throws BadRequest if it is not a request this server understands
     */
    static HttpRequestHead read(InputStream in) throws IOException {
        String line = line(in, true);
        while (line != null && line.isEmpty()) {
            line = line(in, true); // a stray CRLF between requests is allowed
        }
        if (line == null) {
            return null;
        }
        String[] parts = line.split(" ", -1);
        if (parts.length != 3 || parts[0].isEmpty() || !parts[1].startsWith("/") || !parts[2].startsWith("HTTP/1.")) {
            throw new BadRequest("not an HTTP/1.x request line: " + line);
        }
        Headers headers = new Headers();
        for (int n = 0; ; n++) {
            String h = line(in, false);
            if (h.isEmpty()) {
                break;
            }
            int colon = h.indexOf(':');
            if (n == MAX_HEADERS || colon <= 0 || h.charAt(0) == ' ' || h.charAt(0) == '\t') {
                throw new BadRequest("header line not accepted: " + h);
            }
            headers.add(h.substring(0, colon).trim(), h.substring(colon + 1).trim());
        }
        return new HttpRequestHead(parts[0], parts[1], parts[2], headers);
    }

    /**
     * One line without its CRLF (a bare LF is accepted too), in ISO-8859-1.
     *
     * @param endOk whether the stream may end before the line's first byte (then null)
     */
    static String line(InputStream in, boolean endOk) throws IOException {
        byte[] buf = new byte[128];
        int n = 0;
        for (int c; (c = in.read()) != '\n'; ) {
            if (c < 0) {
                if (endOk && n == 0) {
                    return null;
                }
                throw new BadRequest("the connection ended in the middle of a line");
            }
            if (n == MAX_LINE) {
                throw new BadRequest("line longer than " + MAX_LINE + " bytes");
            }
            if (n == buf.length) {
                buf = java.util.Arrays.copyOf(buf, n * 2);
            }
            buf[n++] = (byte) c;
        }
        if (n > 0 && buf[n - 1] == '\r') {
            n--;
        }
        return new String(buf, 0, n, StandardCharsets.ISO_8859_1);
    }
}
