package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.platform.WorkerHandle;

/**
 * A worker process of a manager that is gone, which a resuming manager took over ({@link JobResumer}): it
 * was not started by this manager's platform, so it is known by the process id its reports carry. Until
 * the first report names it, it counts as alive and its silence is what the liveness check goes by.
 */
final class AdoptedWorker implements WorkerHandle {
    private final String workerId;
    private volatile long pid;
    private volatile boolean killed;

    AdoptedWorker(String workerId) {
        this.workerId = workerId;
    }

    /** A report of this worker named the process it runs in. */
    void reportedFrom(long pid) {
        if (pid > 0) {
            this.pid = pid;
        }
    }

    @Override
    public String workerId() {
        return workerId;
    }

    @Override
    public boolean alive() {
        long p = pid;
        return !killed && (p == 0 || ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false));
    }

    @Override
    public void kill() {
        killed = true;
        long p = pid;
        if (p > 0) {
            ProcessHandle.of(p).ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
