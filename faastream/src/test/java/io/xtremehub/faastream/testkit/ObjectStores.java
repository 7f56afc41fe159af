package io.xtremehub.faastream.testkit;

import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.testkit.cluster.TestCluster;

/** FaaStream's object store (spilled state, batch files) on the test cluster's S3 endpoint. */
public final class ObjectStores {
    private ObjectStores() {
    }

    public static ObjectStoreConfig of(TestCluster cluster) {
        ClusterConfig cfg = cluster.standalone().config();
        return ObjectStoreConfig.of(cluster.s3Endpoint(), cfg.ltsRegion(), cfg.ltsAccessKey(), cfg.ltsSecretKey());
    }
}
