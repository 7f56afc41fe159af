package io.xtremehub.faastream.hosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A JVM on the test class path started inside one of the {@link NetworkHosts}, its console in a
 * file. Closing it stops it (SIGTERM, then SIGKILL after a grace period).
 */
final class HostJvm implements AutoCloseable {
    private final String name;
    private final Process process;
    private final Path console;

    private HostJvm(String name, Process process, Path console) {
        this.name = name;
        this.process = process;
        this.console = console;
    }

    static HostJvm start(NetworkHosts net, String host, String name, Path logDir, String mainClass, String... args)
            throws IOException {
        Files.createDirectories(logDir);
        List<String> java = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                // a short run on a shared 2-core machine: the C1 compiler alone starts sooner and competes less
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Dlogback.configurationFile=xtremehub-logback.xml", "-Dxtremehub.log.dir=" + logDir.resolve(name),
                "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
                "-cp", classPath(), mainClass));
        java.addAll(List.of(args));
        Path console = logDir.resolve(name + ".console");
        Process p = new ProcessBuilder(net.inHost(host, java)).redirectErrorStream(true)
                .redirectOutput(console.toFile()).directory(logDir.toFile()).start();
        return new HostJvm(name, p, console);
    }

    static String classPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    /** Waits until the console has a line containing {@code text}; fails with the console if the JVM exits first. */
    void awaitLine(String text, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (consoleText().contains(text)) {
                return;
            }
            if (!process.isAlive()) {
                throw new AssertionError(name + " exited with code " + process.exitValue() + " before printing '"
                        + text + "'; console:\n" + tail());
            }
            Thread.sleep(200);
        }
        throw new AssertionError(name + " did not print '" + text + "' within " + timeout.toSeconds()
                + " s; console:\n" + tail());
    }

    /** Waits for the JVM to exit and returns its exit code. */
    int awaitExit(Duration timeout) throws InterruptedException, IOException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(name + " did not finish within " + timeout.toSeconds() + " s; console:\n" + tail());
        }
        return process.exitValue();
    }

    String consoleText() throws IOException {
        return Files.exists(console) ? Files.readString(console, StandardCharsets.UTF_8) : "";
    }

    /** The console's last lines, for failure messages. */
    String tail() throws IOException {
        List<String> lines = consoleText().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    }

    @Override
    public void close() {
        // ip netns exec replaces itself with java, so this is the JVM itself; NetworkHosts kills what it leaves
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
