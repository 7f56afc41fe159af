package io.xtremehub.autoscaler.act;

import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;

/**
 * A MiniCluster whose task managers always exchange data over the network stack. A plain
 * MiniCluster started with one task manager gives it local-only shuffles, so once
 * {@link MiniClusterTaskManagers} adds a second one, any job with a shuffle ({@code keyBy},
 * rebalance) fails to deploy with "Local execution does not support shuffle connection".
 */
public class ScalableMiniCluster extends MiniCluster {
    public ScalableMiniCluster(MiniClusterConfiguration configuration) {
        super(configuration);
    }

    @Override
    protected boolean useLocalCommunication() {
        return false;
    }
}
