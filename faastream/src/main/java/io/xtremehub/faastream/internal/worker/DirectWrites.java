package io.xtremehub.faastream.internal.worker;

import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.impl.ByteBufferSerializer;
import io.xtremehub.faastream.internal.io.PravegaContext;
import java.nio.ByteBuffer;

/** At-least-once: events become visible as soon as they are written. */
final class DirectWrites implements EventWrites {
    private final EventStreamWriter<ByteBuffer> writer;

    DirectWrites(PravegaContext ctx, String stream) {
        this.writer = ctx.events().createEventWriter(stream, new ByteBufferSerializer(),
                EventWriterConfig.builder().build());
    }

    @Override
    public void write(String routingKey, ByteBuffer event) {
        if (routingKey == null) {
            writer.writeEvent(event);
        } else {
            writer.writeEvent(routingKey, event);
        }
    }

    @Override
    public void flush() {
        writer.flush();
    }

    @Override
    public void close() {
        writer.close();
    }
}
