package io.xtremehub.nexus.streamlet.builtin;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import java.util.zip.Inflater;

/** Each block is one gzip member (RFC 1952). */
final class GzipBlockCodec implements BlockCodec {
    private static final int HEADER = 10;
    private static final int TRAILER = 8;
    private final int level;
    private final CRC32 crc = new CRC32();
    private Inflater inflater;

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

    /**
     * Inflates one member with this stream's one {@link Inflater} (a member is a 10-byte header with
     * no optional fields, as {@code GZIPOutputStream} writes it, raw deflate data, then the CRC-32
     * and length of the data), instead of a {@code GZIPInputStream} with a new inflater and a 64 KiB
     * buffer per block.
     */
    @Override
    public void decompress(byte[] src, int srcOffset, int srcLen, byte[] dst, int dstLen) throws IOException {
        if (srcLen < HEADER + TRAILER || (src[srcOffset] & 0xff) != 0x1f || (src[srcOffset + 1] & 0xff) != 0x8b
                || src[srcOffset + 2] != Deflater.DEFLATED || src[srcOffset + 3] != 0) {
            throw new IOException("corrupt gzip block: not a plain gzip member");
        }
        if (inflater == null) {
            inflater = new Inflater(true);
        } else {
            inflater.reset();
        }
        inflater.setInput(src, srcOffset + HEADER, srcLen - HEADER - TRAILER);
        int total = 0;
        try {
            while (total < dstLen && !inflater.finished()) {
                int n = inflater.inflate(dst, total, dstLen - total);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                total += n;
            }
        } catch (DataFormatException e) {
            throw new IOException("corrupt gzip block: " + e.getMessage(), e);
        }
        int trailer = srcOffset + srcLen - TRAILER;
        crc.reset();
        crc.update(dst, 0, total);
        if (total != dstLen || !inflater.finished() || inflater.getRemaining() != 0
                || littleEndianInt(src, trailer) != (int) crc.getValue() || littleEndianInt(src, trailer + 4) != dstLen) {
            throw new IOException("corrupt gzip block: expected " + dstLen + " bytes");
        }
    }

    private static int littleEndianInt(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }
}
