package io.xtremehub.flink.sink;

import java.io.IOException;
import org.apache.flink.api.common.serialization.SerializationSchema;

/** Turns records into event bytes and routing keys, failing with a message that names the stream. */
final class RecordEncoder<T> {
    private final SerializationSchema<T> schema;
    private final PravegaEventRouter<T> router;
    private final String streamName;

    RecordEncoder(SerializationSchema<T> schema, PravegaEventRouter<T> router, String streamName) {
        this.schema = schema;
        this.router = router;
        this.streamName = streamName;
    }

    void open(SerializationSchema.InitializationContext context) throws Exception {
        schema.open(context);
    }

    byte[] encode(T record) throws IOException {
        try {
            byte[] bytes = schema.serialize(record);
            if (bytes == null) {
                throw new IllegalArgumentException("the schema returned no bytes");
            }
            return bytes;
        } catch (RuntimeException e) {
            throw new IOException("cannot serialize a record for Pravega stream " + streamName + " with "
                    + schema.getClass().getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    /** The routing key, or null for none. */
    String routingKey(T record) {
        return router == null ? null : router.routingKey(record);
    }
}
