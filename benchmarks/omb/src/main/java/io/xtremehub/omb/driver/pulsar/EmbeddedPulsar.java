package io.xtremehub.omb.driver.pulsar;

import io.xtremehub.omb.driver.ScratchDirectory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A Pulsar 4.0 standalone broker (ZooKeeper, one bookie, broker) in a child JVM on the class path of
 * {@code benchmarks/omb-pulsar-broker}: Pulsar's BookKeeper, ZooKeeper, Netty and Jackson cannot share
 * this JVM with Pravega's. The child stops when its standard input closes, so it ends with this JVM too.
 */
final class EmbeddedPulsar implements AutoCloseable {
    /** System property naming the broker module's {@code target} directory. */
    static final String HOME_PROPERTY = "omb.pulsar.broker.home";
    private static final String MAIN = "io.xtremehub.omb.pulsar.broker.PulsarBrokerMain";
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    private final Process process;
    private final ScratchDirectory dir;
    private final String serviceUrl;
    private final String httpUrl;

    private EmbeddedPulsar(Process process, ScratchDirectory dir, String serviceUrl, String httpUrl) {
        this.process = process;
        this.dir = dir;
        this.serviceUrl = serviceUrl;
        this.httpUrl = httpUrl;
    }

    /**
     * The broker module's {@code target} directory: the system property, else the sibling of this
     * module's own {@code target} (this class runs from {@code benchmarks/omb/target/classes} or the jar there).
     */
    static Path home() {
        String configured = System.getProperty(HOME_PROPERTY);
        if (configured != null) {
            return Path.of(configured);
        }
        try {
            Path code = Path.of(EmbeddedPulsar.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return code.getParent().getParent().getParent().resolve("omb-pulsar-broker").resolve("target");
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("benchmarks", "omb-pulsar-broker", "target");
        }
    }

    /** Why the broker cannot be started from {@code home}, or null when it is built there. */
    static String notBuilt(Path home) {
        if (Files.isRegularFile(home.resolve("classpath.txt")) && Files.isDirectory(home.resolve("classes"))) {
            return null;
        }
        return "the embedded Pulsar broker is not built (no " + home.resolve("classpath.txt") + "): run "
                + "'mvn -B install -DskipTests -pl benchmarks/omb -am' or set -D" + HOME_PROPERTY;
    }

    static EmbeddedPulsar start() throws IOException, InterruptedException, TimeoutException {
        Path home = home();
        String missing = notBuilt(home);
        if (missing != null) {
            throw new IOException(missing);
        }
        ScratchDirectory dir = ScratchDirectory.create("omb-pulsar-");
        Path log = dir.path().resolve("broker.log");
        String classPath = home.resolve("classes") + ":" + Files.readString(home.resolve("classpath.txt")).trim();
        Process process = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-XX:MaxDirectMemorySize=1g",
                "--add-opens", "java.base/java.io=ALL-UNNAMED", "--add-opens", "java.base/java.nio=ALL-UNNAMED",
                "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "--add-opens", "java.base/java.util=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "--add-opens", "java.base/jdk.internal.platform=ALL-UNNAMED",
                "-cp", classPath, MAIN, dir.path().resolve("data").toString()))
                .directory(dir.path().toFile())
                .redirectError(log.toFile())
                .start();
        try {
            String[] ready = awaitReadyLine(process, log).split(" ");
            return new EmbeddedPulsar(process, dir, ready[1], ready[2]);
        } catch (IOException | InterruptedException | TimeoutException | RuntimeException e) {
            stop(process);
            dir.close();
            throw e;
        }
    }

    private static String awaitReadyLine(Process process, Path log)
            throws IOException, InterruptedException, TimeoutException {
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        // a thread of its own: reading blocks until the broker is up, which the common pool must not wait for
        CompletableFuture<String> line = new CompletableFuture<>();
        Thread reader = new Thread(() -> line.complete(readyLine(out)), "omb-pulsar-broker-output");
        reader.setDaemon(true);
        reader.start();
        String result;
        try {
            result = line.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IOException(e.getCause());
        } catch (TimeoutException e) {
            throw new TimeoutException("the embedded Pulsar broker did not start within " + START_TIMEOUT.toSeconds()
                    + " s; its log: " + lastErrorLine(log));
        }
        if (!result.startsWith("PULSAR-READY ")) {
            throw new IOException("the embedded Pulsar broker did not start: "
                    + result.substring("PULSAR-FAILED ".length()) + "; its log: " + lastErrorLine(log));
        }
        return result;
    }

    private static String readyLine(BufferedReader out) {
        try {
            for (String l = out.readLine(); l != null; l = out.readLine()) {
                if (l.startsWith("PULSAR-")) {
                    return l;
                }
            }
            return "PULSAR-FAILED the broker JVM exited";
        } catch (IOException e) {
            return "PULSAR-FAILED " + e;
        }
    }

    private static String lastErrorLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                if (lines.get(i).contains(" ERROR ")) {
                    return lines.get(i);
                }
            }
            return lines.isEmpty() ? "(empty)" : lines.get(lines.size() - 1);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    String serviceUrl() {
        return serviceUrl;
    }

    String httpUrl() {
        return httpUrl;
    }

    /** Why the broker stopped serving, or null while its JVM runs. */
    String failure() {
        return process.isAlive() ? null : "the embedded Pulsar broker's JVM exited with code " + process.exitValue();
    }

    @Override
    public void close() {
        try {
            stop(process);
        } finally {
            dir.close();
        }
    }

    private static void stop(Process process) {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
