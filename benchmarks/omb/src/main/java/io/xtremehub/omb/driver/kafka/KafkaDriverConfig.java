package io.xtremehub.omb.driver.kafka;

import io.xtremehub.omb.driver.DriverConfigException;
import io.xtremehub.omb.driver.DriverConfigFile;
import java.util.Properties;
import java.util.Set;

/**
 * The Kafka driver's settings with OMB's Kafka driver keys ({@code replicationFactor},
 * {@code topicConfig}, {@code commonConfig}, {@code producerConfig}, {@code consumerConfig} as
 * properties text) plus {@code flush}: fsync every message ({@code flush.messages=1}, {@code flush.ms=0}).
 * Without {@code bootstrap.servers} in {@code commonConfig} the driver starts an embedded KRaft broker.
 */
record KafkaDriverConfig(String name, short replicationFactor, Properties topicConfig, Properties common,
        Properties producer, Properties consumer, boolean flush) {

    private static final Set<String> KEYS = Set.of("name", "driverClass", "embedded", "replicationFactor", "reset",
            "topicConfig", "commonConfig", "producerConfig", "consumerConfig", "flush");

    static KafkaDriverConfig from(DriverConfigFile f) {
        f.requireOnly(KEYS);
        long rf = f.number("replicationFactor", 1);
        if (rf < 1 || rf > Short.MAX_VALUE) {
            throw new DriverConfigException(f.source() + ": 'replicationFactor' must be at least 1, got " + rf);
        }
        Properties common = f.properties("commonConfig");
        boolean embedded = f.bool("embedded", !common.containsKey("bootstrap.servers"));
        if (embedded) {
            common.remove("bootstrap.servers");
        }
        boolean flush = f.bool("flush", false);
        Properties topic = f.properties("topicConfig");
        if (flush) {
            topic.setProperty("flush.messages", "1");
            topic.setProperty("flush.ms", "0");
        }
        return new KafkaDriverConfig(f.string("name", "Kafka"), (short) rf, topic, common,
                f.properties("producerConfig"), f.properties("consumerConfig"), flush);
    }

    boolean embedded() {
        return !common.containsKey("bootstrap.servers");
    }
}
