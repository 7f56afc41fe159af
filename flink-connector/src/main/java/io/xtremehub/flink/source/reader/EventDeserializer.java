package io.xtremehub.flink.source.reader;

import io.pravega.client.stream.EventPointer;
import java.io.IOException;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.metrics.Counter;
import org.apache.flink.util.Collector;

/**
 * Turns event bytes into records with the user's {@link DeserializationSchema}. An event the
 * schema cannot decode fails the reader with a message naming the stream, the event's place
 * in it and the schema, so nothing is skipped silently.
 */
final class EventDeserializer<T> {
    private final DeserializationSchema<T> schema;
    private final String streamName;
    private final OutputCollector<T> collector;
    private final Counter errors;

    EventDeserializer(DeserializationSchema<T> schema, String streamName, Counter recordsIn, Counter errors) {
        this.schema = schema;
        this.streamName = streamName;
        this.collector = new OutputCollector<>(recordsIn);
        this.errors = errors;
    }

    void open(DeserializationSchema.InitializationContext context) throws Exception {
        schema.open(context);
    }

    void emit(byte[] event, EventPointer pointer, SourceOutput<T> output) throws IOException {
        collector.output = output;
        try {
            schema.deserialize(event, collector);
        } catch (IOException | RuntimeException e) {
            errors.inc();
            throw new IOException("cannot decode the event at " + pointer + " of Pravega stream " + streamName
                    + " with " + schema.getClass().getSimpleName() + ": " + e.getMessage(), e);
        } finally {
            collector.output = null;
        }
    }

    private static final class OutputCollector<T> implements Collector<T> {
        private final Counter recordsIn;
        private SourceOutput<T> output;

        OutputCollector(Counter recordsIn) {
            this.recordsIn = recordsIn;
        }

        @Override
        public void collect(T record) {
            output.collect(record);
            recordsIn.inc();
        }

        @Override
        public void close() {
        }
    }
}
