package io.xtremehub.omb.driver.kafka;

import io.xtremehub.omb.driver.BenchmarkConsumer;
import io.xtremehub.omb.driver.ConsumerCallback;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer of a group, polled by its own thread; offsets are committed after a batch is handled,
 * one commit in flight at a time: a commit per poll at a million messages a second queued commits faster
 * than the group coordinator answered them, and each timed-out one logged a stack trace. Because a
 * commit may be skipped, the position is committed synchronously before partitions move to another
 * consumer of the group: otherwise the new owner re-reads from the last commit and sees duplicates.
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
            consumer.subscribe(List.of(topic), new CommitBeforeRevoke(topic));
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

    /** Runs inside poll() on the polling thread, after every record it returned was handled. */
    private final class CommitBeforeRevoke implements ConsumerRebalanceListener {
        private final String topic;

        CommitBeforeRevoke(String topic) {
            this.topic = topic;
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            Map<TopicPartition, OffsetAndMetadata> positions = new HashMap<>();
            for (TopicPartition p : partitions) {
                positions.put(p, new OffsetAndMetadata(consumer.position(p)));
            }
            try {
                consumer.commitSync(positions);
            } catch (RuntimeException e) {
                commitFailed(topic, e);
            }
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            // nothing to do: the group's committed offsets say where to start
        }
    }

    private void committed(String topic, Exception error) {
        commitInFlight = false;
        if (error != null) {
            commitFailed(topic, error);
        }
    }

    private void commitFailed(String topic, Exception error) {
        if (failedCommits++ == 0) {
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
