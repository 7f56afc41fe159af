package io.xtremehub.nexus.pipeline;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** Copies what is read into a second output. */
final class TeeInputStream extends FilterInputStream {
    private final OutputStream copy;

    TeeInputStream(InputStream in, OutputStream copy) {
        super(in);
        this.copy = copy;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            copy.write(b);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            copy.write(b, off, n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] buf = new byte[(int) Math.min(n, 8192)];
        long done = 0;
        while (done < n) {
            int r = read(buf, 0, (int) Math.min(buf.length, n - done));
            if (r < 0) {
                break;
            }
            done += r;
        }
        return done;
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
