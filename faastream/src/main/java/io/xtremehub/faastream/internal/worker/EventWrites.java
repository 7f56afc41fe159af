package io.xtremehub.faastream.internal.worker;

import java.nio.ByteBuffer;

/** How an output puts events into its Pravega stream: directly, or into the current transaction. */
interface EventWrites extends AutoCloseable {
    /** @param routingKey the Pravega routing key, or null for any segment */
    void write(String routingKey, ByteBuffer event);

    void flush();

    @Override
    void close();
}
