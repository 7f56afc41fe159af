package io.xtremehub.nexus.api;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * A byte streamlet that can serve a GET from somewhere other than the backend (a cache, an
 * alternate store). Nexus asks it before reading the stored object.
 */
public interface DataSourceStreamlet extends ByteStreamlet {
    /**
     * Serves bytes {@code first..last} (inclusive) of the original object if this streamlet can.
     *
     * @param object the object, with the ETag and length of its original bytes
     * @return the bytes, or empty to let Nexus read the backend
     */
    Optional<InputStream> handlePreGet(ObjectRef object, long first, long last, StreamletContext context)
            throws IOException;

    /**
     * How many bytes after {@code last} Nexus should read together with a range this streamlet just
     * declined, and hand to {@link #admitRange}: a read-ahead that lets it serve the next sequential
     * ranges itself. Default 0: none.
     */
    default long readAhead(ObjectRef object, long first, long last) {
        return 0;
    }

    /**
     * Bytes {@code first..first+length-1} of the original object, read because {@link #readAhead}
     * asked for them; keep what is useful. Called before the client's range is answered.
     */
    default void admitRange(ObjectRef object, long first, long length, InputStream bytes) throws IOException {
    }

    /** Forgets anything kept for the object (it was overwritten or deleted). */
    default void invalidate(String bucket, String key) {
    }
}
