package io.xtremehub.omb.driver.kafka;

import io.xtremehub.omb.driver.ScratchDirectory;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/** One Kafka broker in KRaft mode, combined with its controller, on ephemeral loopback ports. */
final class EmbeddedKafka implements AutoCloseable {
    private final KafkaClusterTestKit kafka;
    private final ScratchDirectory dir = ScratchDirectory.create("omb-kafka-");

    EmbeddedKafka() throws Exception {
        TestKitNodes nodes = new TestKitNodes.Builder().setCombined(true).setNumControllerNodes(1)
                .setNumBrokerNodes(1).setBaseDirectory(dir.path()).build();
        KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(nodes)
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .build();
        try {
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
        } catch (Exception e) {
            cluster.close();
            dir.close();
            throw e;
        }
        this.kafka = cluster;
    }

    String bootstrapServers() {
        return kafka.bootstrapServers();
    }

    @Override
    public void close() throws Exception {
        try {
            kafka.close();
        } finally {
            dir.close();
        }
    }
}
