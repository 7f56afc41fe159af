package io.xtremehub.faastream;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Comparator;

/**
 * The order a {@link Pipeline#sortBy} step sorts its events in: a comparator that travels to the
 * workers with the pipeline. An order may also give each event a 64-bit prefix whose unsigned order
 * agrees with it; a sort stage then sorts the prefixes as plain numbers and compares events only
 * where prefixes tie, which is several times faster for millions of small records.
 *
 * @param <T> the events compared
 */
@FunctionalInterface
public interface SortOrder<T> extends Comparator<T>, Serializable {
    /** Whether {@link #prefix} is meaningful for this order. */
    default boolean hasPrefix() {
        return false;
    }

    /**
     * A number such that {@code compare(a, b) < 0} implies {@code Long.compareUnsigned(prefix(a),
     * prefix(b)) <= 0}; only called when {@link #hasPrefix()}.
     */
    default long prefix(T event) {
        return 0;
    }

    /** Ascending order of a comparable key of each event. */
    static <T, K extends Comparable<? super K>> SortOrder<T> byKey(KeyFunction<? super T, K> key) {
        return (a, b) -> key.keyOf(a).compareTo(key.keyOf(b));
    }

    /**
     * Binary records by the unsigned bytes {@code [offset, offset + length)} (e.g. TeraSort's 10-byte
     * key: {@code unsignedBytes(0, 10)}), with the first eight of them as prefix.
     */
    static SortOrder<byte[]> unsignedBytes(int offset, int length) {
        if (offset < 0 || length < 1) {
            throw new IllegalArgumentException("a key of " + length + " bytes at offset " + offset);
        }
        return new UnsignedBytes(offset, length);
    }

    /** See {@link #unsignedBytes}. */
    final class UnsignedBytes implements SortOrder<byte[]> {
        private final int offset;
        private final int length;

        private UnsignedBytes(int offset, int length) {
            this.offset = offset;
            this.length = length;
        }

        @Override
        public int compare(byte[] a, byte[] b) {
            return Arrays.compareUnsigned(a, offset, offset + length, b, offset, offset + length);
        }

        @Override
        public boolean hasPrefix() {
            return true;
        }

        /** Where the key starts in a record. */
        public int offset() {
            return offset;
        }

        /** The key's length in bytes. */
        public int length() {
            return length;
        }

        @Override
        public long prefix(byte[] event) {
            long p = 0;
            for (int i = 0; i < 8; i++) {
                // bytes past the key count as zero: shorter keys sort first, as in compare
                p = (p << 8) | (i < length ? event[offset + i] & 0xff : 0);
            }
            return p;
        }
    }
}
