package io.xtremehub.faastream.platform;

import io.xtremehub.faastream.internal.worker.WorkerOutcome;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs each worker on a thread of the manager's JVM, sharing one Pravega connection pool: the
 * fastest platform, for tests and long function chains on one machine.
 */
public final class ThreadPlatform implements WorkerPlatform {
    private static final Logger LOG = LoggerFactory.getLogger(ThreadPlatform.class);
    private final WorkerEntryPoint entry = new WorkerEntryPoint();

    @Override
    public WorkerHandle launch(WorkerRequest request) {
        Thread t = new Thread(() -> {
            WorkerOutcome outcome = entry.run(request.payload(), null, 0);
            LOG.debug("worker {} ended: {}", request.workerId(), outcome);
        }, "faastream-worker-" + request.workerId());
        t.setDaemon(true);
        t.start();
        return new WorkerHandle() {
            @Override public String workerId() { return request.workerId(); }
            @Override public boolean alive() { return t.isAlive(); }
            @Override public void kill() { t.interrupt(); }
        };
    }

    @Override
    public String name() {
        return "threads";
    }

    @Override
    public void close() {
        entry.close();
    }
}
