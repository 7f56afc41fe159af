package io.xtremehub.nexus.streamlet.builtin;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import java.io.IOException;
import java.util.Arrays;

/** Each block is one zstd frame (zstd-jni, on pooled contexts: {@link ZstdContexts}). */
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
        try {
            return Arrays.copyOf(scratch, ZstdContexts.compress(scratch, src, len, level));
        } catch (ZstdException e) {
            throw new IOException("zstd compression failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void decompress(byte[] src, int srcOffset, int srcLen, byte[] dst, int dstLen) throws IOException {
        int n;
        try {
            n = ZstdContexts.decompress(dst, dstLen, src, srcOffset, srcLen);
        } catch (ZstdException e) {
            throw new IOException("corrupt zstd block: expected " + dstLen + " bytes (" + e.getMessage() + ")", e);
        }
        if (n != dstLen) {
            throw new IOException("corrupt zstd block: expected " + dstLen + " bytes, got " + n);
        }
    }
}
