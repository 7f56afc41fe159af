package io.xtremehub.flink.sink;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.impl.ByteArraySerializer;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.groups.SinkWriterMetricGroup;

/**
 * Writes records straight to the stream and waits, before each checkpoint completes, until
 * Pravega acknowledged all of them. After a failure, records since the last checkpoint are
 * written again: at least once. It has nothing to commit.
 */
final class AtLeastOnceWriter<T> implements PravegaWriter<T> {
    private final PravegaSinkSettings settings;
    private final RecordEncoder<T> encoder;
    private final EventStreamClientFactory clients;
    private final EventStreamWriter<byte[]> writer;
    private final AtomicReference<Throwable> asyncError = new AtomicReference<>();
    private final Counter recordsSent;
    private final Counter bytesSent;
    private final Counter sendErrors;

    AtLeastOnceWriter(PravegaSinkSettings settings, RecordEncoder<T> encoder, SinkWriterMetricGroup metrics) {
        this.settings = settings;
        this.encoder = encoder;
        this.clients = EventStreamClientFactory.withScope(settings.scope(), settings.connection().clientConfig());
        this.writer = clients.createEventWriter(settings.stream(), new ByteArraySerializer(), settings.writerConfig());
        this.recordsSent = metrics.getNumRecordsSendCounter();
        this.bytesSent = metrics.getNumBytesSendCounter();
        this.sendErrors = metrics.getNumRecordsSendErrorsCounter();
    }

    @Override
    public void write(T record, Context context) throws IOException {
        rethrowAsyncError();
        byte[] bytes = encoder.encode(record);
        String key = encoder.routingKey(record);
        CompletableFuture<Void> ack = key == null ? writer.writeEvent(bytes) : writer.writeEvent(key, bytes);
        ack.whenComplete((ok, error) -> {
            if (error != null) {
                sendErrors.inc();
                asyncError.compareAndSet(null, error);
            }
        });
        recordsSent.inc();
        bytesSent.inc(bytes.length);
    }

    @Override
    public void flush(boolean endOfInput) throws IOException {
        writer.flush();
        rethrowAsyncError();
    }

    @Override
    public Collection<PravegaCommittable> prepareCommit() {
        return List.of();
    }

    @Override
    public List<PravegaWriterState> snapshotState(long checkpointId) {
        return List.of();
    }

    private void rethrowAsyncError() throws IOException {
        Throwable error = asyncError.get();
        if (error != null) {
            throw new IOException("writing to Pravega stream " + settings.streamName() + " failed: "
                    + error.getMessage(), error);
        }
    }

    @Override
    public void close() {
        try {
            writer.close();
        } finally {
            clients.close();
        }
    }
}
