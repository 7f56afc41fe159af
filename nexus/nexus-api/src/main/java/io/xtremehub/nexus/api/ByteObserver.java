package io.xtremehub.nexus.api;

import java.io.IOException;
import java.io.InputStream;

/**
 * A byte streamlet that only looks at the bytes written (counting, labelling, caching): its
 * {@link #processPutBytes} passes on exactly the bytes it reads, so the object is stored as written
 * and a read has nothing to undo. Implement only {@link #processPutBytes}.
 */
public interface ByteObserver extends ByteStreamlet {
    @Override
    default boolean preservesBytes() {
        return true;
    }

    /** The stored bytes are the bytes written. */
    @Override
    default InputStream processGetBytes(InputStream stored, StreamletContext context) {
        return stored;
    }

    /** The range of the stored bytes is the range asked for. */
    @Override
    default InputStream processGetRange(long first, long last, long inputLength, RangeSource stored,
                                        StreamletContext context) throws IOException {
        return stored.open(first, last);
    }
}
