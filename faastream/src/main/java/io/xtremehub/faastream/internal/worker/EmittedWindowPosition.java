package io.xtremehub.faastream.internal.worker;

import io.pravega.client.stream.Position;
import java.nio.ByteBuffer;

/**
 * An at-least-once keyed streaming worker's resume point: the reader-group position right after the
 * events of the last window it emitted and flushed. Its open window lives only in its memory, so when
 * it is lost the manager hands its segments on from this position: nothing it emitted is lost, and
 * the events of its open window are read again.
 */
final class EmittedWindowPosition {
    /** Processing thread: where a reader would start again to read every event processed after this one. */
    private Position processed;
    private Position serialized;
    private volatile byte[] emitted;

    /** Processing thread, once the item is in the open window. */
    void processed(InputItem item) {
        if (item.resumeAt() != null) {
            processed = item.resumeAt();
        }
    }

    /** Processing thread, once everything processed so far is emitted and the output is flushed. */
    void emitted() {
        if (processed != null && processed != serialized) {
            ByteBuffer b = processed.toBytes();
            byte[] bytes = new byte[b.remaining()];
            b.get(bytes);
            serialized = processed;
            emitted = bytes;
        }
    }

    /** The last emitted window's end, or null before the first (processing thread). */
    Position lastEmittedPosition() {
        return serialized;
    }

    /** {@link Position#toBytes} of the last emitted window's end, or null before the first (any thread). */
    byte[] lastEmitted() {
        return emitted;
    }
}
