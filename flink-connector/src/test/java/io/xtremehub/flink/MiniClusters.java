package io.xtremehub.flink;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;

/** The Flink MiniCluster shape of the integration tests: one task manager with four slots. */
public final class MiniClusters {
    private MiniClusters() {
    }

    public static MiniClusterExtension fourSlots() {
        return fourSlots(new Configuration());
    }

    /** The same shape with a test class's own cluster configuration. */
    public static MiniClusterExtension fourSlots(Configuration conf) {
        return new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
                .setConfiguration(conf).setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4).build());
    }
}
