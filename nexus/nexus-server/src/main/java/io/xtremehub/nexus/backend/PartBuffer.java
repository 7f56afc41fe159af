package io.xtremehub.nexus.backend;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Holds one part of a body being uploaded: {@link #fill} reads the next at most {@code partSize}
 * bytes of the body into the same array each time, so an upload never holds more than one part.
 * The array starts small and grows to {@code partSize} only for a body that long.
 */
final class PartBuffer {
    private static final int FIRST_CAPACITY = 64 * 1024;

    private final int partSize;
    private byte[] bytes;
    private int length;

    PartBuffer(int partSize) {
        this.partSize = partSize;
        this.bytes = new byte[Math.min(partSize, FIRST_CAPACITY)];
    }

    /**
     * Reads the next part of {@code body}, replacing the one held.
     *
     * @return true if the part is full ({@code partSize} bytes: more may follow), false if the body
     *     ended within it (it may then be empty)
     */
    boolean fill(InputStream body) throws IOException {
        length = 0;
        while (length < partSize) {
            if (length == bytes.length) {
                bytes = Arrays.copyOf(bytes, (int) Math.min(partSize, 2L * bytes.length));
            }
            int n = body.read(bytes, length, bytes.length - length);
            if (n < 0) {
                return false;
            }
            length += n;
        }
        return true;
    }

    /** Bytes of the part held. */
    int length() {
        return length;
    }

    /** The part held, to upload; it is replaced at the next {@link #fill}. */
    InputStream stream() {
        return new ByteArrayInputStream(bytes, 0, length);
    }
}
