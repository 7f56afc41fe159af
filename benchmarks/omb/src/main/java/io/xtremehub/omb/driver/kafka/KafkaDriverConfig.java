package io.xtremehub.omb.driver.kafka;

import io.xtremehub.omb.driver.DriverConfigException;
import io.xtremehub.omb.driver.DriverConfigFile;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * The Kafka driver's settings with OMB's Kafka driver keys ({@code replicationFactor},
 * {@code topicConfig}, {@code commonConfig}, {@code producerConfig}, {@code consumerConfig} as
 * properties text) plus {@code flush}: fsync every message ({@code flush.messages=1}, {@code flush.ms=0}).
 * Without {@code bootstrap.servers} in {@code commonConfig} the driver starts an embedded KRaft broker;
 * {@code tieredStorage: true} gives that broker tiered storage (KIP-405) through an embedded Nexus whose
 * policy applies {@code nexusCompression} (zstd, gzip or none) to the tiered segments. Tiered topics get
 * 16 MiB segments and keep them locally for 10 s only, unless {@code topicConfig} says otherwise, so
 * historical reads come from the tiered copies.
 *
 * @param nexusCompression the tiering policy's streamlet, or null without tiered storage
 */
record KafkaDriverConfig(String name, short replicationFactor, Properties topicConfig, Properties common,
        Properties producer, Properties consumer, boolean flush, String nexusCompression) {

    private static final Set<String> KEYS = Set.of("name", "driverClass", "embedded", "replicationFactor", "reset",
            "topicConfig", "commonConfig", "producerConfig", "consumerConfig", "flush", "tieredStorage",
            "nexusCompression");
    private static final List<String> COMPRESSIONS = List.of("zstd", "gzip", "none");

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
        String nexusCompression = tiering(f, embedded);
        if (nexusCompression != null) {
            topic.setProperty("remote.storage.enable", "true");
            topic.putIfAbsent("segment.bytes", Integer.toString(16 << 20));
            topic.putIfAbsent("local.retention.ms", "10000");
        }
        return new KafkaDriverConfig(f.string("name", "Kafka"), (short) rf, topic, common,
                f.properties("producerConfig"), f.properties("consumerConfig"), flush, nexusCompression);
    }

    private static String tiering(DriverConfigFile f, boolean embedded) {
        boolean tiered = f.bool("tieredStorage", false);
        String compression = f.string("nexusCompression", null);
        if (!tiered) {
            if (compression != null) {
                throw new DriverConfigException(f.source() + ": 'nexusCompression' needs 'tieredStorage: true'");
            }
            return null;
        }
        if (!embedded) {
            throw new DriverConfigException(f.source() + ": 'tieredStorage' applies to the embedded broker only; "
                    + "an external cluster tiers as its own brokers are configured");
        }
        String c = compression == null ? "zstd" : compression;
        if (!COMPRESSIONS.contains(c)) {
            throw new DriverConfigException(f.source() + ": 'nexusCompression' must be zstd, gzip or none, got " + c);
        }
        return c;
    }

    boolean embedded() {
        return !common.containsKey("bootstrap.servers");
    }
}
