package io.xtremehub.nexus.streamlet.builtin;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** Each block is one gzip member (RFC 1952). */
final class GzipBlockCodec implements BlockCodec {
    private final int level;

    GzipBlockCodec(int level) {
        if (level < Deflater.BEST_SPEED || level > Deflater.BEST_COMPRESSION) {
            throw new IllegalArgumentException("gzip level must be 1-9, got " + level);
        }
        this.level = level;
    }

    @Override
    public byte[] compress(byte[] src, int len) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, len / 3));
        try (GZIPOutputStream gz = new GZIPOutputStream(out, 65536) {
            {
                def.setLevel(level);
            }
        }) {
            gz.write(src, 0, len);
        }
        return out.toByteArray();
    }

    @Override
    public void decompress(byte[] src, int srcOffset, int srcLen, byte[] dst, int dstLen) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(src, srcOffset, srcLen), 65536)) {
            int total = in.readNBytes(dst, 0, dstLen);
            if (total != dstLen || in.read() != -1) {
                throw new IOException("corrupt gzip block: expected " + dstLen + " bytes");
            }
        }
    }
}
