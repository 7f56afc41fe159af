package io.xtremehub.flink;

import java.nio.file.Path;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Base of the integration tests that run Flink jobs on Pravega: each test class gets its own
 * standalone Pravega cluster ({@link #pravega}), started before its tests and closed after them,
 * and registers its Flink MiniCluster with {@link #miniCluster}.
 */
public abstract class PravegaFlinkIT {
    /** The test class's temporary folder; Pravega keeps its data in {@code pravega/} below it. */
    @TempDir
    protected static Path dir;
    protected static PravegaTestCluster pravega;

    @BeforeAll
    static void startPravega() {
        pravega = PravegaTestCluster.start(dir.resolve("pravega"));
    }

    @AfterAll
    static void stopPravega() {
        if (pravega != null) {
            pravega.close();
        }
    }

    /** The MiniCluster the tests share: one task manager with four slots. */
    protected static MiniClusterExtension miniCluster() {
        return miniCluster(new Configuration());
    }

    /** The shared MiniCluster shape with a test class's own cluster configuration. */
    protected static MiniClusterExtension miniCluster(Configuration conf) {
        return new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
                .setConfiguration(conf).setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4).build());
    }
}
