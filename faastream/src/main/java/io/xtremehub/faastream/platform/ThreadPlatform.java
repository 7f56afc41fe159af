package io.xtremehub.faastream.platform;

import io.xtremehub.faastream.internal.worker.WorkerOutcome;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs each worker on a thread of the manager's JVM, sharing one Pravega connection pool: the
 * fastest platform, for tests and long function chains on one machine.
 */
public final class ThreadPlatform implements WorkerPlatform {
    private static final Logger LOG = LoggerFactory.getLogger(ThreadPlatform.class);
    private final WorkerEntryPoint entry = new WorkerEntryPoint();
    private final WorkerThreads threads = new WorkerThreads();

    @Override
    public WorkerHandle launch(WorkerRequest request) {
        Thread t = threads.start(request.workerId(), () -> {
            WorkerOutcome outcome = entry.run(request.payload(), null, 0).outcome();
            LOG.debug("worker {} ended: {}", request.workerId(), outcome);
        });
        return new WorkerHandle() {
            @Override public String workerId() { return request.workerId(); }
            @Override public boolean alive() { return t.isAlive(); }
            @Override public void kill() { t.interrupt(); }
        };
    }

    /** Ids of the workers whose threads are running now. */
    public List<String> runningWorkers() {
        return threads.running();
    }

    /**
     * Ends a worker abruptly, as a crashed function instance would end: its thread is interrupted and
     * exits without reporting (lets tests crash a worker; the manager notices it is gone).
     *
     * @return false when no such worker is running
     */
    public boolean kill(String workerId) {
        return threads.interrupt(workerId);
    }

    @Override
    public boolean sharesHostWithManager() {
        return true;
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
