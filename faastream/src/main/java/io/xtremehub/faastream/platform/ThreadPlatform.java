package io.xtremehub.faastream.platform;

import io.xtremehub.faastream.internal.worker.WorkerOutcome;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs each worker on a thread of the manager's JVM, sharing one Pravega connection pool: the
 * fastest platform, for tests and long function chains on one machine.
 */
public final class ThreadPlatform implements WorkerPlatform {
    private static final Logger LOG = LoggerFactory.getLogger(ThreadPlatform.class);
    private final WorkerEntryPoint entry = new WorkerEntryPoint();
    private final Map<String, Thread> threads = new ConcurrentHashMap<>();

    @Override
    public WorkerHandle launch(WorkerRequest request) {
        Thread t = new Thread(() -> {
            WorkerOutcome outcome = entry.run(request.payload(), null, 0);
            LOG.debug("worker {} ended: {}", request.workerId(), outcome);
        }, "faastream-worker-" + request.workerId());
        t.setDaemon(true);
        threads.put(request.workerId(), t);
        t.start();
        return new WorkerHandle() {
            @Override public String workerId() { return request.workerId(); }
            @Override public boolean alive() { return t.isAlive(); }
            @Override public void kill() { t.interrupt(); }
        };
    }

    /** Ids of the workers whose threads are running now. */
    public List<String> runningWorkers() {
        threads.values().removeIf(t -> !t.isAlive());
        return threads.entrySet().stream().filter(e -> e.getValue().isAlive()).map(Map.Entry::getKey).sorted().toList();
    }

    /**
     * Ends a worker abruptly, as a crashed function instance would end: its thread is interrupted and
     * exits without reporting (lets tests crash a worker; the manager notices it is gone).
     *
     * @return false when no such worker is running
     */
    public boolean kill(String workerId) {
        Thread t = threads.get(workerId);
        if (t == null || !t.isAlive()) {
            return false;
        }
        t.interrupt();
        return true;
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
