package io.xtremehub.nexus.backend;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Holds one part of a body being uploaded: {@link #fill} reads the next at most {@code partSize}
 * bytes of the body into the same array each time, so an upload never holds more than one part.
 * The array starts small and grows to {@code partSize} only for a body that long. What it may hold
 * is reserved from the worker's {@link PartBudget} first: the small array when it is made, the rest
 * of a part at once when it first grows (reserving it step by step would let uploads that each hold
 * half a part wait for each other forever); {@link #close} gives it all back.
 */
final class PartBuffer implements AutoCloseable {
    private static final int FIRST_CAPACITY = 64 * 1024;

    private final int partSize;
    private final PartBudget budget;
    private final String what;
    private long reserved;
    private byte[] bytes;
    private int length;

    /**
     * A buffer of parts of {@code partSize} bytes for the upload of {@code what}.
     *
     * @throws software.amazon.awssdk.services.s3.model.S3Exception 503 SlowDown if the budget had no room in time
     */
    PartBuffer(int partSize, PartBudget budget, String what) {
        this.partSize = partSize;
        this.budget = budget;
        this.what = what;
        int first = Math.min(partSize, FIRST_CAPACITY);
        budget.reserve(first, what);
        this.reserved = first;
        this.bytes = new byte[first];
    }

    /**
     * Reads the next part of {@code body}, replacing the one held.
     *
     * @return true if the part is full ({@code partSize} bytes: more may follow), false if the body
     *     ended within it (it may then be empty)
     * @throws software.amazon.awssdk.services.s3.model.S3Exception 503 SlowDown if the buffer must grow
     *     and the budget had no room for it in time
     */
    boolean fill(InputStream body) throws IOException {
        length = 0;
        while (length < partSize) {
            if (length == bytes.length) {
                grow();
            }
            int n = body.read(bytes, length, bytes.length - length);
            if (n < 0) {
                return false;
            }
            length += n;
        }
        return true;
    }

    private void grow() {
        if (reserved < partSize) {
            budget.reserve(partSize - reserved, what);
            reserved = partSize;
        }
        bytes = Arrays.copyOf(bytes, (int) Math.min(partSize, 2L * bytes.length));
    }

    /** Bytes of the part held. */
    int length() {
        return length;
    }

    /** The part held, to upload; it is replaced at the next {@link #fill}. */
    InputStream stream() {
        return new ByteArrayInputStream(bytes, 0, length);
    }

    /** Gives the buffer's bytes back to the budget; the buffer must not be used after. */
    @Override
    public void close() {
        bytes = null;
        budget.release(reserved);
        reserved = 0;
    }
}
