package io.xtremehub.nexus.api;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongConsumer;

/** Small stream helpers for streamlet authors. */
public final class Streams {
    private Streams() {
    }

    /** Skips {@code offset} bytes of {@code in} and returns a stream of the next {@code length} bytes. */
    public static InputStream slice(InputStream in, long offset, long length) throws IOException {
        skipFully(in, offset);
        return limit(in, length);
    }

    /** Skips exactly {@code n} bytes or throws {@link EOFException}. */
    public static void skipFully(InputStream in, long n) throws IOException {
        long left = n;
        while (left > 0) {
            long skipped = in.skip(left);
            if (skipped <= 0) {
                if (in.read() < 0) {
                    throw new EOFException("stream ended " + left + " bytes before offset " + n);
                }
                skipped = 1;
            }
            left -= skipped;
        }
    }

    /** A stream of at most {@code length} bytes of {@code in}; closing it closes {@code in}. */
    public static InputStream limit(InputStream in, long length) {
        return new FilterInputStream(in) {
            private long left = length;

            @Override
            public int read() throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int b = super.read();
                if (b >= 0) {
                    left--;
                }
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (left <= 0) {
                    return len == 0 ? 0 : -1;
                }
                int n = super.read(b, off, (int) Math.min(len, left));
                if (n > 0) {
                    left -= n;
                }
                return n;
            }

            @Override
            public long skip(long n) throws IOException {
                long s = super.skip(Math.min(n, left));
                left -= s;
                return s;
            }

            @Override
            public int available() throws IOException {
                return (int) Math.min(super.available(), left);
            }
        };
    }

    /**
     * The same bytes as {@code in}; when they have been read to the end, {@code atEnd} is told how
     * many there were (once). For observing streamlets that count what passes.
     */
    public static InputStream counted(InputStream in, LongConsumer atEnd) {
        return new FilterInputStream(in) {
            private long count;
            private boolean ended;

            @Override
            public int read() throws IOException {
                int b = super.read();
                seen(b < 0 ? -1 : 1);
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                seen(n);
                return n;
            }

            private void seen(int n) {
                if (n > 0) {
                    count += n;
                } else if (n < 0 && !ended) {
                    ended = true;
                    atEnd.accept(count);
                }
            }
        };
    }

    /** Reads exactly {@code len} bytes into {@code buf}, or fewer only at end of stream; returns the count. */
    public static int readFully(InputStream in, byte[] buf, int off, int len) throws IOException {
        int total = 0;
        while (total < len) {
            int n = in.read(buf, off + total, len - total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }
}
