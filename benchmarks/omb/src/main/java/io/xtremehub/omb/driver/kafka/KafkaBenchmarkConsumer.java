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

/**
 * One consumer of a group, polled by its own thread; offsets are committed after a batch is handled,
 * one commit in flight at a time: a commit per poll at a million messages a second queued commits faster
 * than the group coordinator answered them, and each timed-out one logged a stack trace.
 */
final class KafkaBenchmarkConsumer implements BenchmarkConsumer {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaBenchmarkConsumer.class);
    private final KafkaConsumer<String, byte[]> consumer;
    private final Thread thread;
    private volatile boolean running = true;
    // touched only by the polling thread: Kafka runs commit callbacks inside poll()
    private boolean commitInFlight;
    private long failedCommits;

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
                if (!records.isEmpty() && !commitInFlight) {
                    commitInFlight = true;
                    consumer.commitAsync((offsets, error) -> committed(topic, error));
                }
            }
        } catch (WakeupException e) {
            // close() asked us to stop
        } catch (RuntimeException e) {
            LOG.error("Kafka consumer of {} stopped", topic, e);
        } finally {
            consumer.close();
            if (failedCommits > 1) {
                LOG.warn("{} offset commits of a consumer of {} failed in all", failedCommits, topic);
            }
        }
    }

    private void committed(String topic, Exception error) {
        commitInFlight = false;
        if (error != null && failedCommits++ == 0) {
            LOG.warn("offset commit of a consumer of {} failed (later failures are counted): {}", topic, error.toString());
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        consumer.wakeup();
        thread.join(10_000);
    }
}
