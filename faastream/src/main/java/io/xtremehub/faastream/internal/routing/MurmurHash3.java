package io.xtremehub.faastream.internal.routing;

/**
 * MurmurHash3, x86 32-bit variant (Austin Appleby's public-domain algorithm), written from its
 * specification. Used for consistent key routing: the same key always gives the same value.
 */
public final class MurmurHash3 {
    private static final int C1 = 0xcc9e2d51;
    private static final int C2 = 0x1b873593;

    private MurmurHash3() {
    }

    /** The 32-bit hash of {@code data} with the given seed. */
    public static int hash32(byte[] data, int seed) {
        int h = seed;
        int blocks = data.length / 4;
        for (int i = 0; i < blocks; i++) {
            int off = i * 4;
            int k = (data[off] & 0xff) | (data[off + 1] & 0xff) << 8 | (data[off + 2] & 0xff) << 16
                    | (data[off + 3] & 0xff) << 24;
            h ^= mixK(k);
            h = Integer.rotateLeft(h, 13);
            h = h * 5 + 0xe6546b64;
        }
        int tail = blocks * 4;
        int k = 0;
        switch (data.length & 3) {
            case 3:
                k ^= (data[tail + 2] & 0xff) << 16;
                // fall through
            case 2:
                k ^= (data[tail + 1] & 0xff) << 8;
                // fall through
            case 1:
                k ^= data[tail] & 0xff;
                h ^= mixK(k);
                break;
            default:
                break;
        }
        h ^= data.length;
        return finalMix(h);
    }

    /** The hash as an unsigned fraction in {@code [0, 1)}. */
    public static double unitValue(byte[] data) {
        return (hash32(data, 0) & 0xffffffffL) / 4294967296.0;
    }

    private static int mixK(int k) {
        k *= C1;
        k = Integer.rotateLeft(k, 15);
        return k * C2;
    }

    private static int finalMix(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }
}
