package io.xtremehub.omb.driver.pulsar;

import io.xtremehub.omb.driver.BenchmarkConsumer;
import org.apache.pulsar.client.api.Consumer;
import org.apache.pulsar.client.api.PulsarClientException;

/** A subscribed Pulsar consumer; its message listener hands every message on and acknowledges it. */
final class PulsarBenchmarkConsumer implements BenchmarkConsumer {
    private final Consumer<byte[]> consumer;

    PulsarBenchmarkConsumer(Consumer<byte[]> consumer) {
        this.consumer = consumer;
    }

    @Override
    public void close() throws PulsarClientException {
        consumer.close();
    }
}
