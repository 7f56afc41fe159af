package io.xtremehub.faastream.internal.worker;

import java.nio.ByteBuffer;

/**
 * An output into a Pravega stream: subclasses choose each event's routing key and bytes; this
 * class batches the writes and flushes when the worker goes idle after writing, so a lone event is
 * not held back for batching. Subclasses that hold events back themselves write them in
 * {@link #drain()}, which every flush calls first.
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

    /** Something was accepted but held back: the next idle must flush. */
    protected final void pending() {
        dirty = true;
    }

    /** Writes what the subclass holds back; called by every flush before the writer flushes. */
    protected void drain() {
    }

    @Override
    public final void flush() {
        drain();
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
