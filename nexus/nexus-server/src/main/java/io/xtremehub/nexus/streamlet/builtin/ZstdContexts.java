package io.xtremehub.nexus.streamlet.builtin;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * One-shot zstd calls on idle zstd-jni contexts shared by all streams. zstd-jni's static calls
 * create and free a native context per call; per 128 KiB block that was about a sixth of the
 * decompression time of a ranged GET. A call borrows a context and returns it before it returns,
 * so none is lost with a stream that is never closed; one that failed is freed, not reused. At most
 * {@link #MAX_IDLE} of each kind stay allocated.
 */
final class ZstdContexts {
    static final int MAX_IDLE = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

    private static final BlockingQueue<ZstdDecompressCtx> DECOMPRESSORS = new ArrayBlockingQueue<>(MAX_IDLE);
    private static final BlockingQueue<ZstdCompressCtx> COMPRESSORS = new ArrayBlockingQueue<>(MAX_IDLE);

    private ZstdContexts() {
    }

    /**
     * Compresses {@code src[0..srcLen)} into {@code dst} as one frame; returns its length.
     *
     * @throws com.github.luben.zstd.ZstdException if zstd fails (e.g. {@code dst} too small)
     */
    static int compress(byte[] dst, byte[] src, int srcLen, int level) {
        ZstdCompressCtx ctx = COMPRESSORS.poll();
        if (ctx == null) {
            ctx = new ZstdCompressCtx();
        }
        boolean done = false;
        try {
            int n = ctx.setLevel(level).compressByteArray(dst, 0, dst.length, src, 0, srcLen);
            done = true;
            return n;
        } finally {
            if (!done || !COMPRESSORS.offer(ctx)) {
                ctx.close();
            }
        }
    }

    /**
     * Decompresses the frame {@code src[srcOffset..srcOffset+srcLen)} into {@code dst[0..dstLen)}; returns the bytes produced.
     *
     * @throws com.github.luben.zstd.ZstdException if the frame is corrupt or larger than {@code dstLen}
     */
    static int decompress(byte[] dst, int dstLen, byte[] src, int srcOffset, int srcLen) {
        ZstdDecompressCtx ctx = DECOMPRESSORS.poll();
        if (ctx == null) {
            ctx = new ZstdDecompressCtx();
        }
        boolean done = false;
        try {
            int n = ctx.decompressByteArray(dst, 0, dstLen, src, srcOffset, srcLen);
            done = true;
            return n;
        } finally {
            if (!done || !DECOMPRESSORS.offer(ctx)) {
                ctx.close();
            }
        }
    }
}
