package io.xtremehub.faastream.platform;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The threads of a {@link ThreadPlatform}'s workers by worker id: starts them, lists the running
 * ones and interrupts one. Listing drops the threads that ended, so it only ever holds started
 * threads: one registered before it started would look ended and be dropped while it still runs.
 */
final class WorkerThreads {
    private final Map<String, Thread> threads = new ConcurrentHashMap<>();

    /** Starts {@code body} on a daemon thread named after the worker, and registers it once started. */
    Thread start(String workerId, Runnable body) {
        Thread t = new Thread(body, "faastream-worker-" + workerId);
        t.setDaemon(true);
        t.start();
        // registered after start(): until then isAlive() is false, and running() would drop it
        threads.put(workerId, t);
        return t;
    }

    /** Ids of the workers whose threads are running now, sorted. */
    List<String> running() {
        threads.values().removeIf(t -> !t.isAlive());
        return threads.entrySet().stream().filter(e -> e.getValue().isAlive()).map(Map.Entry::getKey).sorted()
                .toList();
    }

    /**
     * Interrupts the worker's thread.
     *
     * @return false when no such worker is running
     */
    boolean interrupt(String workerId) {
        Thread t = threads.get(workerId);
        if (t == null || !t.isAlive()) {
            return false;
        }
        t.interrupt();
        return true;
    }
}
