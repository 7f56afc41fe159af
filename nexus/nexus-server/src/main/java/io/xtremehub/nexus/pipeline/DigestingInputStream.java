package io.xtremehub.nexus.pipeline;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Counts and MD5-digests the bytes the client wrote, as they pass. */
final class DigestingInputStream extends FilterInputStream {
    private final MessageDigest md5;
    private long count;

    DigestingInputStream(InputStream in) {
        super(in);
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            md5.update((byte) b);
            count++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            md5.update(b, off, n);
            count += n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] buf = new byte[(int) Math.min(n, 8192)];
        long skipped = 0;
        while (skipped < n) {
            int r = read(buf, 0, (int) Math.min(buf.length, n - skipped));
            if (r < 0) {
                break;
            }
            skipped += r;
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    long count() {
        return count;
    }

    /** The digest; call once, after the stream ended. */
    byte[] digest() {
        return md5.digest();
    }

    static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }
}
