package io.xtremehub.omb.driver.kafka;

import io.xtremehub.omb.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/** A Kafka producer on one topic; acknowledgement follows the producer's {@code acks}. */
final class KafkaBenchmarkProducer implements BenchmarkProducer {
    private final KafkaProducer<String, byte[]> producer;
    private final String topic;

    KafkaBenchmarkProducer(KafkaProducer<String, byte[]> producer, String topic) {
        this.producer = producer;
        this.topic = topic;
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        producer.send(new ProducerRecord<>(topic, key.orElse(null), payload), (meta, e) -> {
            if (e != null) {
                done.completeExceptionally(e);
            } else {
                done.complete(null);
            }
        });
        return done;
    }

    @Override
    public void close() {
        producer.close();
    }
}
