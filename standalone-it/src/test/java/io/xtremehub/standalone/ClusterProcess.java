package io.xtremehub.standalone;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Test helper: {@code xtremehub standalone} in a JVM of its own, as a user runs it, so a test
 * can kill it with SIGKILL or freeze it with SIGSTOP. Its console lines are kept.
 */
final class ClusterProcess implements AutoCloseable {
    private final Process process;
    private final List<String> console = new CopyOnWriteArrayList<>();
    private final CompletableFuture<URI> running = new CompletableFuture<>();
    private final long startNanos = System.nanoTime();

    private ClusterProcess(Path dataDir, Path logDir) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g", "-XX:TieredStopAtLevel=1",
                "-Dlogback.configurationFile=xtremehub-logback.xml", "-Dxtremehub.log.dir=" + logDir,
                "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "io.xtremehub.standalone.cli.XtremeHubCli",
                "standalone", "--data-dir", dataDir.toString()));
        for (String port : List.of("--zk-port", "--controller-port", "--segment-store-port", "--s3-port",
                "--nexus-admin-port", "--bookie-port")) {
            command.addAll(List.of(port, "0"));
        }
        process = new ProcessBuilder(command).redirectErrorStream(true).start();
        Thread pump = new Thread(this::pumpConsole, "cluster-console");
        pump.setDaemon(true);
        pump.start();
    }

    /** Starts the cluster and waits until it says it is running. */
    static ClusterProcess start(Path dataDir, Path logDir, Duration timeout) throws Exception {
        ClusterProcess cluster = new ClusterProcess(dataDir, logDir);
        try {
            cluster.running.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return cluster;
        } catch (Exception e) {
            cluster.close();
            throw new AssertionError("cluster did not start within " + timeout.toSeconds() + " s; console:\n"
                    + String.join("\n", cluster.console), e);
        }
    }

    private void pumpConsole() {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                console.add(line);
                if (line.trim().startsWith("controller:")) {
                    running.complete(URI.create(line.trim().substring("controller:".length()).trim()));
                }
            }
        } catch (IOException e) {
            // the process went away
        }
        running.completeExceptionally(new IllegalStateException("cluster process exited"));
    }

    URI controllerUri() {
        return running.join();
    }

    /** From process start to the cluster's "running" line (JVM start included). */
    Duration startTime() {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    List<String> console() {
        return List.copyOf(console);
    }

    long pid() {
        return process.pid();
    }

    /** SIGKILL: the crash a user causes with kill -9. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    void signal(String name) throws Exception {
        new ProcessBuilder("kill", "-" + name, Long.toString(pid())).inheritIO().start().waitFor();
    }

    /** The exit code, or null if still running after {@code timeout}. */
    Integer awaitExit(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : null;
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                kill();
            }
        }
    }
}
