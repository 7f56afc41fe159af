package io.xtremehub.omb.driver.pulsar;

import io.xtremehub.omb.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.pulsar.client.api.Producer;
import org.apache.pulsar.client.api.PulsarClientException;
import org.apache.pulsar.client.api.TypedMessageBuilder;

/**
 * A Pulsar producer on one topic; a message is acknowledged once the broker persisted it. A keyed
 * message goes to the partition its key hashes to, an unkeyed one round-robin (Pulsar's default routing).
 */
final class PulsarBenchmarkProducer implements BenchmarkProducer {
    private final Producer<byte[]> producer;

    PulsarBenchmarkProducer(Producer<byte[]> producer) {
        this.producer = producer;
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        TypedMessageBuilder<byte[]> message = producer.newMessage().value(payload);
        key.ifPresent(message::key);
        return message.sendAsync().thenApply(id -> null);
    }

    @Override
    public void close() throws PulsarClientException {
        producer.close();
    }
}
