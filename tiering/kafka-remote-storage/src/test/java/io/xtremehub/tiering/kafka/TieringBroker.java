package io.xtremehub.tiering.kafka;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.network.ListenerName;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * One real Kafka broker in KRaft mode (combined with its controller, Kafka's own cluster test kit)
 * whose tiered storage is {@link S3RemoteStorageManager} pointed at a {@link TieringNexus}; remote
 * log tasks and local retention run every half second so segments tier quickly.
 */
final class TieringBroker implements AutoCloseable {
    /** Smallest segment size Kafka 4 accepts. */
    static final int SEGMENT_BYTES = 1 << 20;
    private static final String LISTENER = "EXTERNAL";

    private final KafkaClusterTestKit kafka;
    private final Admin admin;

    TieringBroker(Path dir, TieringNexus nexus) throws Exception {
        TestKitNodes nodes = new TestKitNodes.Builder().setCombined(true).setNumControllerNodes(1)
                .setNumBrokerNodes(1).setBaseDirectory(dir).setBrokerListenerName(new ListenerName(LISTENER)).build();
        KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(nodes)
                .setConfigProp("remote.log.storage.system.enable", "true")
                .setConfigProp("remote.log.storage.manager.class.name", S3RemoteStorageManager.class.getName())
                .setConfigProp("remote.log.metadata.manager.listener.name", LISTENER)
                .setConfigProp("rlmm.config.remote.log.metadata.topic.replication.factor", "1")
                .setConfigProp("rlmm.config.remote.log.metadata.topic.num.partitions", "1")
                .setConfigProp("remote.log.manager.task.interval.ms", "500")
                .setConfigProp("log.retention.check.interval.ms", "500")
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1");
        nexus.pluginConfig().forEach((k, v) -> builder.setConfigProp("rsm.config." + k, v));
        KafkaClusterTestKit cluster = builder.build();
        try {
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
        this.kafka = cluster;
        this.admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()));
    }

    String bootstrapServers() {
        return kafka.bootstrapServers();
    }

    Admin admin() {
        return admin;
    }

    /**
     * Creates a one-partition topic of 1 MiB segments; a tiered one keeps its local segments for one
     * second only, and everything forever in remote storage.
     */
    void createTopic(String topic, boolean tiered) throws Exception {
        Map<String, String> config = new HashMap<>(Map.of("segment.bytes", Integer.toString(SEGMENT_BYTES),
                "retention.ms", "-1"));
        if (tiered) {
            config.putAll(Map.of("remote.storage.enable", "true", "local.retention.ms", "1000",
                    "file.delete.delay.ms", "1000"));
        }
        admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1).configs(config))).all().get();
    }

    /** The offset Kafka answers for partition 0 of the topic. */
    long offset(String topic, OffsetSpec spec) throws Exception {
        TopicPartition tp = new TopicPartition(topic, 0);
        return admin.listOffsets(Map.of(tp, spec)).partitionResult(tp).get().offset();
    }

    /** Whether every segment but the active one is tiered and no local copy of them is left. */
    boolean tieredAndLocallyDeleted(String topic) throws Exception {
        long earliestLocal = offset(topic, OffsetSpec.earliestLocal());
        return earliestLocal > 0 && offset(topic, OffsetSpec.latestTiered()) + 1 >= earliestLocal
                && offset(topic, OffsetSpec.earliest()) == 0;
    }

    @Override
    public void close() throws Exception {
        admin.close();
        kafka.close();
    }
}
