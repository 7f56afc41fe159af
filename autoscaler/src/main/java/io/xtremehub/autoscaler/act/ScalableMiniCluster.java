package io.xtremehub.autoscaler.act;

import java.time.Duration;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
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

    /**
     * Starts one with {@code taskManagers} task managers of one slot each, the adaptive scheduler
     * rescaling within a second or two of a change, and the REST API on a free port.
     */
    public static ScalableMiniCluster startAdaptive(int taskManagers) throws Exception {
        Configuration conf = new Configuration();
        conf.set(JobManagerOptions.SCHEDULER, JobManagerOptions.SchedulerType.Adaptive);
        conf.set(JobManagerOptions.SCHEDULER_EXECUTING_COOLDOWN_AFTER_RESCALING, Duration.ofSeconds(1));
        conf.set(JobManagerOptions.SCHEDULER_EXECUTING_RESOURCE_STABILIZATION_TIMEOUT, Duration.ofSeconds(1));
        conf.set(JobManagerOptions.SCHEDULER_RESCALE_TRIGGER_MAX_DELAY, Duration.ofSeconds(2));
        conf.set(RestOptions.BIND_PORT, "0");
        conf.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.parse("16m"));
        ScalableMiniCluster flink = new ScalableMiniCluster(new MiniClusterConfiguration.Builder().setConfiguration(conf)
                .setNumTaskManagers(taskManagers).setNumSlotsPerTaskManager(1).build());
        flink.start();
        return flink;
    }

    @Override
    protected boolean useLocalCommunication() {
        return false;
    }
}
