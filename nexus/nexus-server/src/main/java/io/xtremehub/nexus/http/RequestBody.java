package io.xtremehub.nexus.http;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * The body of a request on a kept-alive connection of {@link BlockingHttpServer}: its
 * {@code Content-Length} bytes, or its chunks ({@code Transfer-Encoding: chunked}), and no byte
 * of the next request. Closing it does not close the connection.
 */
abstract class RequestBody extends InputStream {
    /** Runs before the first byte is read (answers {@code Expect: 100-continue}). */
    interface FirstRead {
        void run() throws IOException;
    }

    final InputStream in;
    private final FirstRead firstRead;
    private boolean started;

    private RequestBody(InputStream in, FirstRead firstRead) {
        this.in = in;
        this.firstRead = firstRead;
    }

    /** The body the head announces, read from {@code in}. */
    static RequestBody of(HttpRequestHead head, InputStream in, FirstRead firstRead)
            throws HttpRequestHead.BadRequest {
        String encoding = head.headers().getFirst("Transfer-Encoding");
        if (encoding != null) {
            if (!encoding.equalsIgnoreCase("chunked")) {
                throw new HttpRequestHead.BadRequest("Transfer-Encoding " + encoding + " is not supported");
            }
            return new Chunked(in, firstRead);
        }
        String length = head.headers().getFirst("Content-Length");
        try {
            long n = length == null ? 0 : Long.parseLong(length);
            if (n < 0) {
                throw new NumberFormatException();
            }
            return new Fixed(in, n, firstRead);
        } catch (NumberFormatException e) {
            throw new HttpRequestHead.BadRequest("Content-Length is not a length: " + length);
        }
    }

    /** Reads at most {@code len} (> 0) bytes of the body, -1 at its end. */
    abstract int readBody(byte[] b, int off, int len) throws IOException;

    /** Whether every byte of the body was read. */
    abstract boolean atEnd();

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!started) {
            started = true;
            if (!atEnd()) {
                firstRead.run();
            }
        }
        return readBody(b, off, len);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    /**
     * Reads the rest of the body if it is at most {@code limit} bytes; returns whether it reached
     * the end (if not, the connection cannot be reused).
     */
    boolean drain(long limit) throws IOException {
        if (!started && !atEnd()) {
            return false; // the client may be waiting for 100 Continue, or sending a body nobody wants
        }
        byte[] skip = new byte[8192];
        long left = limit;
        while (!atEnd()) {
            int n = readBody(skip, 0, (int) Math.min(skip.length, Math.max(1, left)));
            if (n < 0) {
                break;
            }
            left -= n;
            if (left < 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        // the connection stays open for the next request; the exchange drains what is left
    }

    /** A body of a known length. */
    private static final class Fixed extends RequestBody {
        private long remaining;

        Fixed(InputStream in, long length, FirstRead firstRead) {
            super(in, firstRead);
            this.remaining = length;
        }

        @Override
        int readBody(byte[] b, int off, int len) throws IOException {
            if (remaining == 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, remaining));
            if (n < 0) {
                throw new EOFException("the connection ended " + remaining + " bytes before the end of the body");
            }
            remaining -= n;
            return n;
        }

        @Override
        boolean atEnd() {
            return remaining == 0;
        }

        @Override
        public int available() throws IOException {
            return (int) Math.min(remaining, in.available());
        }
    }

    /** A chunked body: chunks of hex-announced sizes, then a last chunk of size 0 and optional trailers. */
    private static final class Chunked extends RequestBody {
        private long remaining; // of the current chunk
        private boolean last;

        Chunked(InputStream in, FirstRead firstRead) {
            super(in, firstRead);
        }

        @Override
        int readBody(byte[] b, int off, int len) throws IOException {
            if (remaining == 0) {
                if (last) {
                    return -1;
                }
                nextChunk();
                if (last) {
                    return -1;
                }
            }
            int n = in.read(b, off, (int) Math.min(len, remaining));
            if (n < 0) {
                throw new EOFException("the connection ended in the middle of a chunk");
            }
            remaining -= n;
            if (remaining == 0) {
                endOfChunk();
            }
            return n;
        }

        private void nextChunk() throws IOException {
            String line = HttpRequestHead.line(in, false);
            int ext = line.indexOf(';');
            String size = (ext < 0 ? line : line.substring(0, ext)).trim();
            try {
                remaining = Long.parseLong(size, 16);
            } catch (NumberFormatException e) {
                throw new HttpRequestHead.BadRequest("not a chunk size: " + line);
            }
            if (remaining < 0) {
                throw new HttpRequestHead.BadRequest("not a chunk size: " + line);
            }
            if (remaining == 0) {
                last = true;
                while (!HttpRequestHead.line(in, false).isEmpty()) {
                    // trailers: none are used
                }
            }
        }

        private void endOfChunk() throws IOException {
            if (!HttpRequestHead.line(in, false).isEmpty()) {
                throw new HttpRequestHead.BadRequest("a chunk is longer than its size says");
            }
        }

        @Override
        boolean atEnd() {
            return last && remaining == 0;
        }
    }
}
