package io.xtremehub.nexus.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The body of an answer on a kept-alive connection of {@link BlockingHttpServer}: none, a known
 * length, or chunks. Closing it ends the body, not the connection; {@link #complete()} says whether
 * the body the headers announced was sent whole.
 */
abstract class ResponseBody extends OutputStream {
    final OutputStream out;
    boolean closed;

    private ResponseBody(OutputStream out) {
        this.out = out;
    }

    /** No body (HEAD, 204, 304, or a length of -1). */
    static ResponseBody none(OutputStream out) {
        return fixed(out, 0);
    }

    /** A body of exactly {@code length} bytes. */
    static ResponseBody fixed(OutputStream out, long length) {
        return new ResponseBody(out) {
            private long remaining = length;

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                open();
                if (len > remaining) {
                    throw new IOException("an answer of " + length + " bytes cannot take " + len + " more than "
                            + (length - remaining));
                }
                out.write(b, off, len);
                remaining -= len;
            }

            @Override
            boolean complete() {
                return remaining == 0;
            }

            @Override
            void end() {
            }
        };
    }

    /** A body sent in chunks, one per write, ended by the last chunk on close. */
    static ResponseBody chunked(OutputStream out) {
        return new ResponseBody(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                open();
                if (len == 0) {
                    return; // an empty chunk would end the body
                }
                out.write((Integer.toHexString(len) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                out.write(b, off, len);
                out.write('\r');
                out.write('\n');
            }

            @Override
            boolean complete() {
                return true;
            }

            @Override
            void end() throws IOException {
                out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
        };
    }

    /** Whether the announced body was sent whole. */
    abstract boolean complete();

    /** Writes what ends the body. */
    abstract void end() throws IOException;

    void open() throws IOException {
        if (closed) {
            throw new IOException("the answer's body was closed");
        }
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            end();
            out.flush();
        }
    }
}
