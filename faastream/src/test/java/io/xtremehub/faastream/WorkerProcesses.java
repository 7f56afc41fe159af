package io.xtremehub.faastream;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The worker JVMs a manager process runs, by worker id, for tests to kill like crashed function
 * instances. The id is read from where the process writes its output: the local-process platform
 * sends each worker's output to {@code <workerId>.log} (Linux: {@code /proc/<pid>/fd/1}).
 */
final class WorkerProcesses {
    private WorkerProcesses() {
    }

    /** The log of the JVM that writes the workers' class archive: a child of the manager, not a worker. */
    private static final String ARCHIVE_TRAINING = "class-archive-training";
    /** The logs of worker JVMs started ahead of need, until a launch takes one and renames its log. */
    private static final String STANDBY = "standby-";

    /** The live worker processes that are children of {@code manager}, by worker id. */
    static Map<String, ProcessHandle> of(ProcessHandle manager) {
        Map<String, ProcessHandle> workers = new LinkedHashMap<>();
        manager.children().filter(ProcessHandle::isAlive).forEach(p -> {
            String id = workerId(p);
            // a fresh build's first workers start while the archive's training JVM still runs
            if (id != null && !id.equals(ARCHIVE_TRAINING) && !id.startsWith(STANDBY)) {
                workers.put(id, p);
            }
        });
        return workers;
    }

    /**
     * The live worker processes of {@code manager} by slot: a worker restarted in place by a roll-back
     * keeps its process (and its log's name) under a new worker id, its slot stays.
     */
    static Map<String, ProcessHandle> bySlot(ProcessHandle manager) {
        Map<String, ProcessHandle> workers = new LinkedHashMap<>();
        of(manager).forEach((id, p) -> workers.put(slotOf(id), p));
        return workers;
    }

    /** The slot of a worker id ({@code <job>-<slot>-<incarnation>}). */
    static String slotOf(String workerId) {
        String[] parts = workerId.split("-");
        return parts[parts.length - 2];
    }

    private static String workerId(ProcessHandle p) {
        try {
            String out = Files.readSymbolicLink(Path.of("/proc", Long.toString(p.pid()), "fd", "1")).getFileName()
                    .toString();
            return out.endsWith(".log") ? out.substring(0, out.length() - 4) : null;
        } catch (IOException | UnsupportedOperationException e) {
            return null; // gone meanwhile
        }
    }

    /** Kills the process with SIGKILL, like a crash, and waits until it is gone. */
    static void kill(ProcessHandle p) {
        p.destroyForcibly();
        p.onExit().orTimeout(30, java.util.concurrent.TimeUnit.SECONDS).join();
    }
}
