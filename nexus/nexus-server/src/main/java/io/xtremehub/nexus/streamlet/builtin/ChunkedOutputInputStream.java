package io.xtremehub.nexus.streamlet.builtin;

import java.io.IOException;
import java.io.InputStream;

/**
 * An input stream whose content is produced a chunk at a time by {@link #nextChunk()}: how the
 * block-framed encoders emit their output lazily, holding one block in memory.
 */
abstract class ChunkedOutputInputStream extends InputStream {
    private byte[] chunk = new byte[0];
    private int chunkLength;
    private int position;
    private boolean done;

    /** The next piece of output, or null at the end. The array may be reused by the next call. */
    protected abstract byte[] nextChunk() throws IOException;

    /** How many bytes of the array last returned by {@link #nextChunk()} are valid. */
    protected int chunkLength(byte[] produced) {
        return produced.length;
    }

    private boolean fill() throws IOException {
        while (position >= chunkLength) {
            if (done) {
                return false;
            }
            byte[] next = nextChunk();
            if (next == null) {
                done = true;
                return false;
            }
            chunk = next;
            chunkLength = chunkLength(next);
            position = 0;
        }
        return true;
    }

    @Override
    public int read() throws IOException {
        if (!fill()) {
            return -1;
        }
        return chunk[position++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(len, chunkLength - position);
        System.arraycopy(chunk, position, b, off, n);
        position += n;
        return n;
    }

    /** Skips within the chunks produced, without copying them out (a range starting inside a block). */
    @Override
    public long skip(long n) throws IOException {
        long skipped = 0;
        while (skipped < n && fill()) {
            int step = (int) Math.min(n - skipped, chunkLength - position);
            position += step;
            skipped += step;
        }
        return skipped;
    }
}
