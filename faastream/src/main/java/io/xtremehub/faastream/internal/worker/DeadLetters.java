package io.xtremehub.faastream.internal.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.impl.ByteBufferSerializer;
import io.xtremehub.faastream.internal.io.PravegaContext;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes events a stage could not process to the dead-letter stream as JSON: job, stage, worker,
 * where the event was read, the error, and the event's bytes in base64.
 */
final class DeadLetters implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final EventStreamWriter<ByteBuffer> writer;

    DeadLetters(PravegaContext ctx, String stream) {
        this.writer = ctx.events().createEventWriter(stream, new ByteBufferSerializer(),
                EventWriterConfig.builder().build());
    }

    void send(String jobId, String stage, String worker, String origin, String error, byte[] payload) {
        Map<String, Object> rec = new LinkedHashMap<>();
        rec.put("job", jobId);
        rec.put("stage", stage);
        rec.put("worker", worker);
        rec.put("origin", origin);
        rec.put("error", error);
        rec.put("payload", Base64.getEncoder().encodeToString(payload));
        try {
            writer.writeEvent(ByteBuffer.wrap(JSON.writeValueAsBytes(rec)));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    void flush() {
        writer.flush();
    }

    @Override
    public void close() {
        writer.close();
    }
}
