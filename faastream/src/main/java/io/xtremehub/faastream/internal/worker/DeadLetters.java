package io.xtremehub.faastream.internal.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.impl.ByteBufferSerializer;
import io.xtremehub.faastream.internal.io.EpochStaging;
import io.xtremehub.faastream.internal.io.PravegaContext;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Writes events a stage could not process to the dead-letter stream as JSON: job, stage, worker,
 * where the event was read, the error, and the event's bytes in base64.
 *
 * <p>Exactly-once, the records are staged under the current epoch instead (one line each, flushed
 * when the epoch closes): the manager writes them to the dead-letter stream in a transaction it
 * commits with the epoch, so an aborted epoch leaves no dead letter behind.
 */
final class DeadLetters implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Null when staging. */
    private final EventStreamWriter<ByteBuffer> writer;
    private final EpochStaging staging;
    private final String workerSlot;
    private final ByteArrayOutputStream staged = new ByteArrayOutputStream();
    private UUID epoch;
    private int seq;

    private DeadLetters(EventStreamWriter<ByteBuffer> writer, EpochStaging staging, String workerSlot) {
        this.writer = writer;
        this.staging = staging;
        this.workerSlot = workerSlot;
    }

    /** Dead letters written to {@code stream} as they come. */
    static DeadLetters toStream(PravegaContext ctx, String stream) {
        return new DeadLetters(ctx.events().createEventWriter(stream, new ByteBufferSerializer(),
                EventWriterConfig.builder().build()), null, null);
    }

    /** Exactly-once: dead letters staged per epoch for the manager to commit. */
    static DeadLetters staged(EpochStaging staging, String workerSlot) {
        return new DeadLetters(null, staging, workerSlot);
    }

    void send(String jobId, String stage, String worker, String origin, String error, byte[] payload) {
        Map<String, Object> rec = new LinkedHashMap<>();
        rec.put("job", jobId);
        rec.put("stage", stage);
        rec.put("worker", worker);
        rec.put("origin", origin);
        rec.put("error", error);
        rec.put("payload", Base64.getEncoder().encodeToString(payload));
        byte[] json;
        try {
            json = JSON.writeValueAsBytes(rec);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        if (writer != null) {
            writer.writeEvent(ByteBuffer.wrap(json));
        } else {
            // JSON text holds no raw line break, so a line is a record
            staged.writeBytes(json);
            staged.write('\n');
        }
    }

    /** Exactly-once: stages what the closing epoch collected, then collects for {@code next}. */
    void useEpoch(UUID next) {
        flush();
        epoch = next;
    }

    void flush() {
        if (writer != null) {
            writer.flush();
            return;
        }
        if (staged.size() > 0) {
            if (epoch == null) {
                throw new IllegalStateException("no epoch to stage dead letters in yet");
            }
            staging.stageDeadLetters(epoch, workerSlot, seq++, staged.toByteArray());
            staged.reset();
        }
    }

    @Override
    public void close() {
        if (writer != null) {
            writer.close();
        }
    }
}
