package io.xtremehub.nexus.swarm;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.function.Supplier;

/**
 * The body of a chunk forwarded to the next hop: the intermediate bytes in frames
 * ({@code int length, bytes}), then an end frame ({@code int -1, int length, trailer}) whose
 * trailer says what the earlier steps did, which is known only once every byte went through them.
 * A receiver that reaches the end of the body without the end frame knows the sender broke off
 * and stores nothing.
 */
final class HopFrames {
    /** Most bytes per frame: large, so a chunk crosses in few writes and reads. */
    static final int FRAME = 256 * 1024;
    /**
     * Bytes a frame waits for before it is sent, unless the data ends first: the next hop works on
     * a frame while this one gathers the next, so a small frame keeps the tail the next hop works
     * on alone after the last byte short, and a full {@link #FRAME} would make it wait for 256 KiB.
     */
    static final int MIN_FRAME = 64 * 1024;

    private HopFrames() {
    }

    /**
     * Writes the bytes of {@code data} in frames to {@code out}, then the trailer {@code trailer}
     * returns at their end. A frame holds what {@code data} gave once it has at least
     * {@link #MIN_FRAME} bytes (at most {@link #FRAME}). Each frame is one write (its length put in
     * place before its bytes), so a chunked HTTP body carries it as one chunk.
     *
     * @throws SourceException if reading {@code data} or computing the trailer failed (as opposed to writing)
     */
    static void write(InputStream data, Supplier<byte[]> trailer, OutputStream out) throws IOException {
        byte[] frame = new byte[4 + FRAME];
        while (true) {
            int n = gather(data, frame);
            if (n == 0) {
                break;
            }
            ByteBuffer.wrap(frame).putInt(n);
            out.write(frame, 0, 4 + n);
        }
        byte[] t;
        try {
            t = trailer.get();
        } catch (RuntimeException e) {
            throw new SourceException(e);
        }
        out.write(ByteBuffer.allocate(8 + t.length).putInt(-1).putInt(t.length).put(t).array());
    }

    /** Reads at least {@link #MIN_FRAME} bytes into a frame (fewer at the end of the data); returns how many. */
    private static int gather(InputStream data, byte[] frame) throws SourceException {
        int n = 0;
        try {
            while (n < MIN_FRAME) {
                int r = data.read(frame, 4 + n, FRAME - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        } catch (IOException | RuntimeException e) {
            throw new SourceException(e);
        }
        return n;
    }

    /** What went wrong producing the bytes to frame, not sending them. */
    static final class SourceException extends IOException {
        private static final long serialVersionUID = 1L;

        SourceException(Exception cause) {
            super(cause.getMessage(), cause);
        }
    }

    /** The bytes of a framed body; {@link Unframing#trailer()} once they were read to their end. */
    static Unframing unframing(InputStream framed) {
        return new Unframing(framed);
    }

    /** Reads frames back. */
    static final class Unframing extends BulkInputStream {
        private final DataInputStream in;
        private int remaining;
        private byte[] trailer;

        private Unframing(InputStream framed) {
            // whoever reads the bytes may ask for a few KiB at a time (a backend copying to a file does):
            // each socket read takes all that has arrived instead, up to a frame
            this.in = new DataInputStream(new BufferedInputStream(framed, FRAME));
        }

        @Override
        int readSome(byte[] b, int off, int len) throws IOException {
            while (remaining == 0) {
                if (trailer != null) {
                    return -1;
                }
                int next = nextInt();
                if (next < 0) {
                    trailer = in.readNBytes(nextInt());
                    continue;
                }
                remaining = next;
            }
            int n = in.read(b, off, Math.min(len, remaining));
            if (n < 0) {
                throw new EOFException("the sending hop broke off in the middle of a frame");
            }
            remaining -= n;
            return n;
        }

        private int nextInt() throws IOException {
            try {
                return in.readInt();
            } catch (EOFException e) {
                throw new EOFException("the sending hop broke off before the end of the chunk");
            }
        }

        /** The trailer; the body must have been read to its end. */
        byte[] trailer() {
            if (trailer == null) {
                throw new IllegalStateException("the trailer of a forwarded chunk was asked for before its end");
            }
            return trailer;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    /** A stream read in blocks: single-byte reads and empty reads go through {@link #readSome}. */
    private abstract static class BulkInputStream extends InputStream {
        /** Reads at least one byte into {@code b}, or returns -1 at the end; {@code len} > 0. */
        abstract int readSome(byte[] b, int off, int len) throws IOException;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return readSome(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return len == 0 ? 0 : readSome(b, off, len);
        }
    }
}
