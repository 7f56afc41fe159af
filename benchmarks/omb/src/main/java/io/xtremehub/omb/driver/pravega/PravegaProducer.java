package io.xtremehub.omb.driver.pravega;

import io.pravega.client.stream.EventStreamWriter;
import io.xtremehub.omb.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** An event writer; a message without a key goes to a segment of the writer's choosing. */
final class PravegaProducer implements BenchmarkProducer {
    private final EventStreamWriter<byte[]> writer;

    PravegaProducer(EventStreamWriter<byte[]> writer) {
        this.writer = writer;
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        return key.isPresent() ? writer.writeEvent(key.get(), payload) : writer.writeEvent(payload);
    }

    @Override
    public void close() {
        writer.close();
    }
}
