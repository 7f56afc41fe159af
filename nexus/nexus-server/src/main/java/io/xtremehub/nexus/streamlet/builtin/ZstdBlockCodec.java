package io.xtremehub.nexus.streamlet.builtin;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.util.Arrays;

/** Each block is one zstd frame (zstd-jni). */
final class ZstdBlockCodec implements BlockCodec {
    private final int level;
    private byte[] scratch = new byte[0];

    ZstdBlockCodec(int level) {
        if (level < 1 || level > 22) {
            throw new IllegalArgumentException("zstd level must be 1-22, got " + level);
        }
        this.level = level;
    }

    @Override
    public byte[] compress(byte[] src, int len) throws IOException {
        int bound = (int) Zstd.compressBound(len);
        if (scratch.length < bound) {
            scratch = new byte[bound];
        }
        long n = Zstd.compressByteArray(scratch, 0, bound, src, 0, len, level);
        if (Zstd.isError(n)) {
            throw new IOException("zstd compression failed: " + Zstd.getErrorName(n));
        }
        return Arrays.copyOf(scratch, (int) n);
    }

    @Override
    public void decompress(byte[] src, int srcLen, byte[] dst, int dstLen) throws IOException {
        long n = Zstd.decompressByteArray(dst, 0, dstLen, src, 0, srcLen);
        if (Zstd.isError(n) || n != dstLen) {
            throw new IOException("corrupt zstd block: expected " + dstLen + " bytes"
                    + (Zstd.isError(n) ? " (" + Zstd.getErrorName(n) + ")" : ", got " + n));
        }
    }
}
