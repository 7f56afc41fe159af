package io.xtremehub.faastream.internal.worker;

import java.nio.ByteBuffer;

/**
 * An output into a Pravega stream: subclasses choose each event's routing key and bytes; this
 * class batches the writes and flushes when the worker goes idle after writing, so a lone event is
 * not held back for batching.
 */
abstract class StreamOutput implements StageOutput {
    private final EventWrites writer;
    private boolean dirty;

    StreamOutput(EventWrites writer) {
        this.writer = writer;
    }

    /** Writes one event (routing key null for any segment); durable at the next flush. */
    protected final void send(String routingKey, ByteBuffer event) {
        writer.write(routingKey, event);
        dirty = true;
    }

    @Override
    public final void flush() {
        writer.flush();
        dirty = false;
    }

    @Override
    public final void idle() {
        if (dirty) {
            flush();
        }
    }

    @Override
    public final void close() {
        writer.close();
    }
}
