package io.xtremehub.testkit.cluster;

import io.xtremehub.standalone.ClusterConfig;

/**
 * Changes the settings of a class's own cluster (e.g. fast auto-scaling, a small cache), named in
 * {@link EmbeddedCluster#config}. The kit has already set the data directory and free ports.
 * Implementations need a no-argument constructor.
 */
public interface ClusterCustomizer {
    void customize(ClusterConfig.Builder config);

    /** The kit's defaults, unchanged. */
    final class Defaults implements ClusterCustomizer {
        @Override
        public void customize(ClusterConfig.Builder config) {
        }
    }
}
