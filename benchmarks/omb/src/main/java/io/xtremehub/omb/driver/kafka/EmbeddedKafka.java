package io.xtremehub.omb.driver.kafka;

import io.xtremehub.omb.driver.ScratchDirectory;
import java.util.Map;
import org.apache.kafka.common.network.ListenerName;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * One Kafka broker in KRaft mode, combined with its controller, on ephemeral loopback ports; with
 * tiered storage through an embedded Nexus when the driver asks for it.
 */
final class EmbeddedKafka implements AutoCloseable {
    private final KafkaClusterTestKit kafka;
    private final ScratchDirectory dir = ScratchDirectory.create("omb-kafka-");
    private final TieringNexus tiering;

    /** A broker without tiered storage ({@code nexusCompression} null) or tiering through Nexus with it. */
    EmbeddedKafka(String nexusCompression) throws Exception {
        TieringNexus nexus = null;
        KafkaClusterTestKit cluster = null;
        try {
            TestKitNodes.Builder nodes = new TestKitNodes.Builder().setCombined(true).setNumControllerNodes(1)
                    .setNumBrokerNodes(1).setBaseDirectory(dir.path().resolve("kafka"));
            if (nexusCompression != null) {
                nexus = new TieringNexus(dir.path().resolve("nexus"), nexusCompression);
                nodes.setBrokerListenerName(new ListenerName(TieringNexus.listenerName()));
            }
            KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(nodes.build())
                    .setConfigProp("offsets.topic.replication.factor", "1")
                    .setConfigProp("transaction.state.log.replication.factor", "1")
                    .setConfigProp("group.initial.rebalance.delay.ms", "0");
            Map<String, String> tieringConfig = nexus == null ? Map.of() : nexus.brokerConfig();
            tieringConfig.forEach(builder::setConfigProp);
            cluster = builder.build();
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
        } catch (Exception e) {
            closeAll(cluster, nexus, dir);
            throw e;
        }
        this.kafka = cluster;
        this.tiering = nexus;
    }

    /** The Nexus in front of the broker's tiered storage, or null without tiering. */
    TieringNexus tiering() {
        return tiering;
    }

    String bootstrapServers() {
        return kafka.bootstrapServers();
    }

    @Override
    public void close() throws Exception {
        closeAll(kafka, tiering, dir);
    }

    private static void closeAll(AutoCloseable... resources) throws Exception {
        Exception first = null;
        for (AutoCloseable r : resources) {
            try {
                if (r != null) {
                    r.close();
                }
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
