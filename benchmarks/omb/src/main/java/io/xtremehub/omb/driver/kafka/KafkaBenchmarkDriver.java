package io.xtremehub.omb.driver.kafka;

import io.xtremehub.omb.driver.BenchmarkConsumer;
import io.xtremehub.omb.driver.BenchmarkDriver;
import io.xtremehub.omb.driver.BenchmarkProducer;
import io.xtremehub.omb.driver.ConsumerCallback;
import io.xtremehub.omb.driver.DriverConfigException;
import io.xtremehub.omb.driver.DriverConfigFile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.LoggerFactory;

/** Kafka through kafka-clients as an OMB driver; consumers of a subscription form one consumer group. */
public final class KafkaBenchmarkDriver implements BenchmarkDriver {
    private final KafkaDriverConfig config;
    private final EmbeddedKafka broker;
    private final Properties common;
    private final Admin admin;

    private KafkaBenchmarkDriver(KafkaDriverConfig config, EmbeddedKafka broker) {
        this.config = config;
        this.broker = broker;
        this.common = new Properties();
        common.putAll(config.common());
        if (broker != null) {
            common.setProperty("bootstrap.servers", broker.bootstrapServers());
        }
        this.admin = Admin.create(common);
    }

    /** Checks a driver file's keys and values without connecting. */
    public static void check(DriverConfigFile file) {
        KafkaDriverConfig.from(file);
    }

    /** Opens the driver a YAML file describes, starting a KRaft broker for an embedded target. */
    public static KafkaBenchmarkDriver open(DriverConfigFile file) {
        KafkaDriverConfig config = KafkaDriverConfig.from(file);
        if (!config.embedded()) {
            return new KafkaBenchmarkDriver(config, null);
        }
        EmbeddedKafka broker;
        try {
            broker = new EmbeddedKafka(config.nexusCompression());
        } catch (Exception e) {
            throw new DriverConfigException(file.source() + ": the embedded Kafka broker did not start: " + e, e);
        }
        try {
            return new KafkaBenchmarkDriver(config, broker);
        } catch (RuntimeException e) {
            closeQuietly(broker);
            throw e;
        }
    }

    /** The broker this driver started, or null for an external cluster. */
    EmbeddedKafka embeddedBroker() {
        return broker;
    }

    @Override
    public String name() {
        return config.name();
    }

    @Override
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        lines.add((broker != null ? "embedded KRaft broker " : "brokers ") + common.getProperty("bootstrap.servers"));
        lines.add("flush every message " + config.flush() + ", producer " + config.producer());
        if (broker != null && broker.tiering() != null) {
            lines.add("tiered storage through Nexus " + broker.tiering().endpoint() + ", policy "
                    + config.nexusCompression() + ", topic " + config.topicConfig());
        }
        return lines;
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        Map<String, String> topicConfig = new HashMap<>();
        config.topicConfig().forEach((k, v) -> topicConfig.put(k.toString(), v.toString()));
        NewTopic t = new NewTopic(topic, partitions, config.replicationFactor()).configs(topicConfig);
        return admin.createTopics(List.of(t)).all().toCompletionStage().toCompletableFuture();
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        Properties p = new Properties();
        p.putAll(common);
        p.putAll(config.producer());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return CompletableFuture.completedFuture(new KafkaBenchmarkProducer(new KafkaProducer<>(p), topic));
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscription,
            ConsumerCallback callback) {
        Properties p = new Properties();
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.putAll(common);
        p.putAll(config.consumer());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, subscription);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return CompletableFuture.completedFuture(new KafkaBenchmarkConsumer(new KafkaConsumer<>(p), topic, callback));
    }

    @Override
    public void close() {
        admin.close();
        if (broker != null && broker.tiering() != null) {
            long[] stored = broker.tiering().storedLogSegments();
            LoggerFactory.getLogger(KafkaBenchmarkDriver.class).info("{}: {} log segments tiered through Nexus, {} bytes"
                    + " stored in its backend", config.name(), stored[0], stored[1]);
        }
        if (broker != null) {
            closeQuietly(broker);
        }
    }

    private static void closeQuietly(EmbeddedKafka broker) {
        try {
            broker.close();
        } catch (Exception e) {
            LoggerFactory.getLogger(KafkaBenchmarkDriver.class).warn("embedded broker did not close", e);
        }
    }
}
