package io.xtremehub.faastream.testkit;

import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.platform.ThreadPlatform;
import io.xtremehub.testkit.cluster.EmbeddedClusterExtension;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A {@link Manager} whose workers are threads, on the test class's {@code @EmbeddedCluster}
 * (with its metrics endpoint on a free port): made before the class's tests, closed after them.
 * Register it as a static {@code @RegisterExtension} field of an {@code @EmbeddedCluster} class.
 */
public final class ThreadManager implements BeforeAllCallback, AfterAllCallback {
    private ThreadPlatform threads;
    private Manager manager;

    @Override
    public void beforeAll(ExtensionContext context) {
        var cluster = EmbeddedClusterExtension.clusterOf(context);
        threads = new ThreadPlatform();
        manager = Manager.builder().controllerUri(cluster.controllerUri()).objectStore(ObjectStores.of(cluster))
                .platform(threads).metricsPort(0).build();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (manager != null) {
            manager.close();
        }
    }

    public Manager manager() {
        return manager;
    }

    /** The platform running the workers, to inspect or kill them. */
    public ThreadPlatform threads() {
        return threads;
    }
}
