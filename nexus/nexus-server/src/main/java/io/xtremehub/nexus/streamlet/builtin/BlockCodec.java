package io.xtremehub.nexus.streamlet.builtin;

import java.io.IOException;

/** Compresses and decompresses one block; one instance per stream, not shared between threads. */
interface BlockCodec {
    /** Compresses {@code src[0..len)} and returns the compressed bytes (exact length). */
    byte[] compress(byte[] src, int len) throws IOException;

    /**
     * Decompresses {@code src[srcOffset..srcOffset+srcLen)} into {@code dst}, which it must fill to exactly
     * {@code dstLen} bytes.
     */
    void decompress(byte[] src, int srcOffset, int srcLen, byte[] dst, int dstLen) throws IOException;
}
