package io.xtremehub.faastream.testkit;

import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.platform.ThreadPlatform;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Base of the integration tests whose workers are threads: the run's shared cluster and a
 * {@link Manager} on the thread platform (with its metrics endpoint on a free port), made before the class's tests and closed after them.
 */
public abstract class ThreadPlatformIT {
    protected static TestCluster tc;
    protected static ThreadPlatform threads;
    protected static Manager manager;

    @BeforeAll
    static void startManager() {
        tc = TestCluster.shared();
        threads = new ThreadPlatform();
        manager = Manager.builder().controllerUri(tc.controller()).objectStore(tc.store).platform(threads)
                .metricsPort(0).build();
    }

    @AfterAll
    static void stopManager() {
        if (manager != null) {
            manager.close();
        }
        if (tc != null) {
            tc.close();
        }
    }
}
