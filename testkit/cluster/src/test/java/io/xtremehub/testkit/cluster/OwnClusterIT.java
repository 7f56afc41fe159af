package io.xtremehub.testkit.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A class's own cluster, with settings of its own, stopped after the class. */
@EmbeddedCluster(scope = EmbeddedCluster.Scope.CLASS, config = OwnClusterIT.OneContainer.class)
class OwnClusterIT {
    @Provided
    static StandaloneCluster cluster;

    public static final class OneContainer implements ClusterCustomizer {
        @Override
        public void customize(ClusterConfig.Builder config) {
            config.segmentContainers(1);
        }
    }

    @Test
    void runsWithTheClassSettings() {
        assertEquals(1, cluster.config().segmentContainers());
        assertTrue(cluster.config().dataDir().toString().contains("xtremehub-it-"), cluster.config().dataDir().toString());
    }

    @AfterAll
    static void stillRunningUntilTheExtensionStopsIt() {
        assertTrue(cluster.died().toCompletableFuture().getNow(null) == null, "the cluster died during the class");
    }
}
