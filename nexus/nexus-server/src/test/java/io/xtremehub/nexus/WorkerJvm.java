package io.xtremehub.nexus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Test helper: a Nexus worker in a JVM of its own, run as a user runs it ({@code nexus serve
 * --config FILE}), so a test can kill it with SIGKILL. Its console goes to {@code console.log} in
 * its work directory.
 */
final class WorkerJvm implements AutoCloseable {
    private final Process process;
    private final Path console;

    private WorkerJvm(Process process, Path console) {
        this.process = process;
        this.console = console;
    }

    /** Starts {@code nexus serve} on the YAML config, in {@code workDir}. */
    static WorkerJvm serve(String yaml, Path workDir) throws IOException {
        return serve(yaml, workDir, List.of());
    }

    /**
     * Starts {@code nexus serve} through a launcher that execs its arguments in place (such as
     * {@code ip netns exec NAME}), so the process killed is the JVM itself.
     */
    static WorkerJvm serve(String yaml, Path workDir, List<String> launcher) throws IOException {
        Files.createDirectories(workDir);
        Path config = Files.writeString(workDir.resolve("nexus.yaml"), yaml);
        Path console = workDir.resolve("console.log");
        List<String> command = new ArrayList<>(launcher);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "io.xtremehub.nexus.cli.NexusCli", "serve", "--config", config.toString(),
                "--work-dir", workDir.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile()).start();
        return new WorkerJvm(p, console);
    }

    /** Its process id: the JVM's own, also when started through a launcher that execs. */
    long pid() {
        return process.pid();
    }

    /** Whether it still runs. */
    boolean alive() {
        return process.isAlive();
    }

    /** What it printed so far. */
    String console() {
        try {
            return Files.readString(console);
        } catch (IOException e) {
            return "(cannot read " + console + ": " + e.getMessage() + ")";
        }
    }

    /** kill -9: no shutdown hook runs, the worker leaves nothing behind on purpose. */
    void kill() throws InterruptedException {
        process.destroyForcibly(); // SIGKILL on Unix
        process.waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
