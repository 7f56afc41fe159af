package io.xtremehub.omb.driver.kafka;

import io.xtremehub.omb.driver.BenchmarkConsumer;
import io.xtremehub.omb.driver.ConsumerCallback;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One consumer of a group, polled by its own thread; offsets are committed after each batch is handled. */
final class KafkaBenchmarkConsumer implements BenchmarkConsumer {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaBenchmarkConsumer.class);
    private final KafkaConsumer<String, byte[]> consumer;
    private final Thread thread;
    private volatile boolean running = true;

    KafkaBenchmarkConsumer(KafkaConsumer<String, byte[]> consumer, String topic, ConsumerCallback callback) {
        this.consumer = consumer;
        this.thread = new Thread(() -> poll(topic, callback), "omb-kafka-consumer");
        thread.setDaemon(true);
        thread.start();
    }

    private void poll(String topic, ConsumerCallback callback) {
        try {
            consumer.subscribe(List.of(topic));
            while (running) {
                var records = consumer.poll(Duration.ofMillis(200));
                for (ConsumerRecord<String, byte[]> r : records) {
                    callback.messageReceived(r.value());
                }
                if (!records.isEmpty()) {
                    consumer.commitAsync();
                }
            }
        } catch (WakeupException e) {
            // close() asked us to stop
        } catch (RuntimeException e) {
            LOG.error("Kafka consumer of {} stopped", topic, e);
        } finally {
            consumer.close();
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        consumer.wakeup();
        thread.join(10_000);
    }
}
