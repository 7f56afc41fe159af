package io.xtremehub.autoscaler.act;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Task managers of a standalone Flink cluster as local processes: each is a
 * {@code TaskManagerRunner} JVM started with a {@code config.yaml} written to the work
 * directory, joining the JobManager at {@code host:rpcPort}. Removing one stops the newest with
 * SIGTERM (Flink's shutdown hook deregisters it), and kills it if it has not exited within 30 s.
 */
public final class LocalTaskManagerProcesses implements Actuator {
    private static final String RUNNER = "org.apache.flink.runtime.taskexecutor.TaskManagerRunner";
    /**
     * A small task manager, light on a shared machine. Started without Flink's scripts, a
     * TaskManagerRunner needs its resources spelled out: cores, task heap and off-heap,
     * network and managed memory.
     */
    private static final Map<String, String> SMALL = Map.ofEntries(
            Map.entry("taskmanager.cpu.cores", "1.0"),
            Map.entry("taskmanager.memory.framework.heap.size", "128m"),
            Map.entry("taskmanager.memory.framework.off-heap.size", "64m"),
            Map.entry("taskmanager.memory.task.heap.size", "128m"),
            Map.entry("taskmanager.memory.task.off-heap.size", "0m"),
            Map.entry("taskmanager.memory.managed.size", "16m"),
            Map.entry("taskmanager.memory.network.min", "16m"),
            Map.entry("taskmanager.memory.network.max", "16m"),
            Map.entry("taskmanager.memory.jvm-metaspace.size", "128m"),
            Map.entry("taskmanager.memory.jvm-overhead.min", "64m"),
            Map.entry("taskmanager.memory.jvm-overhead.max", "64m"));

    private final Path workDir;
    private final String classpath;
    private final Deque<Process> processes = new ArrayDeque<>();
    private int started;

    /**
     * @param jobManager {@code host:rpcPort} of the JobManager
     * @param flinkConf  Flink settings on top of a small default memory layout
     * @param classpath  the task managers' class path (Flink's jars), e.g. this JVM's
     */
    public LocalTaskManagerProcesses(String jobManager, int slots, Map<String, String> flinkConf, String classpath,
                                     Path workDir) {
        String[] hostPort = jobManager.split(":");
        Map<String, String> conf = new LinkedHashMap<>(SMALL);
        conf.put("jobmanager.rpc.address", hostPort[0]);
        conf.put("jobmanager.rpc.port", hostPort[1]);
        conf.put("taskmanager.host", "127.0.0.1");
        conf.put("taskmanager.numberOfTaskSlots", Integer.toString(slots));
        conf.putAll(flinkConf);
        this.workDir = workDir;
        this.classpath = classpath;
        try {
            Files.createDirectories(workDir);
            StringBuilder yaml = new StringBuilder();
            conf.forEach((k, v) -> yaml.append(k).append(": ").append(v).append('\n'));
            Files.writeString(workDir.resolve("config.yaml"), yaml);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the task managers' config to " + workDir, e);
        }
    }

    @Override
    public String describe() {
        return "local TaskManagerRunner processes (" + workDir + ")";
    }

    @Override
    public synchronized int current() {
        processes.removeIf(p -> !p.isAlive());
        return processes.size();
    }

    @Override
    public synchronized void scaleTo(int target) {
        if (target < 0) {
            throw new ActuatorException("task managers cannot be negative: " + target);
        }
        while (current() < target) {
            processes.addLast(start());
        }
        while (current() > target) {
            stop(processes.removeLast());
        }
    }

    private Process start() {
        int n = started++;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-Xmx256m", "-cp", classpath, RUNNER, "--configDir", workDir.toString());
        try {
            return new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(workDir.resolve("taskmanager-" + n + ".log").toFile()).start();
        } catch (IOException e) {
            throw new ActuatorException("cannot start a task manager process: " + e.getMessage(), e);
        }
    }

    private static void stop(Process p) {
        p.destroy();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
        }
    }

    /** Stops every task manager this actuator started. */
    @Override
    public synchronized void close() {
        while (!processes.isEmpty()) {
            stop(processes.removeLast());
        }
    }
}
