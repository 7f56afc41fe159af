package io.xtremehub.testkit.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import io.xtremehub.standalone.ClusterConfig;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * A class's own cluster while the JVM's shared one is up: the nested class must get a cluster of
 * its own with its own settings, never the shared one (JUnit stores answer with their parents'
 * values, which once handed the shared cluster to such a class).
 */
@EmbeddedCluster
class ScopesIT {
    @Provided
    static TestCluster shared;

    public static final class OneContainer implements ClusterCustomizer {
        @Override
        public void customize(ClusterConfig.Builder config) {
            config.segmentContainers(1);
        }
    }

    @Test
    void theSharedClusterHasTheDefaults() {
        assertEquals(ClusterConfig.builder().build().segmentContainers(), shared.standalone().config().segmentContainers());
    }

    @Nested
    @EmbeddedCluster(scope = EmbeddedCluster.Scope.CLASS, config = OneContainer.class)
    class OwnCluster {
        @Test
        void getsAClusterOfItsOwnWithItsSettings(TestCluster own) {
            assertNotSame(shared, own);
            assertNotEquals(shared.controllerUri(), own.controllerUri());
            assertEquals(1, own.standalone().config().segmentContainers());
        }
    }
}
