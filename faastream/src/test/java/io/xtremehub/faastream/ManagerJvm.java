package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;

import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.testkit.cluster.TestCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link ManagerProcessMain} in a JVM of its own (so a test can kill it with SIGKILL), its worker
 * processes its children. Its console goes to {@code <logs>/manager.console}, its log to
 * {@code <logs>/manager}, its workers' logs to {@code <logs>/workers}.
 */
final class ManagerJvm {
    private final Process process;
    private final Path logs;

    private ManagerJvm(Process process, Path logs) {
        this.process = process;
        this.logs = logs;
    }

    /** Starts the manager on the job {@link ManagerProcessMain} runs from {@code in} to {@code out}. */
    static ManagerJvm start(TestCluster tc, Path logs, String in, String out, String... jobArgs) throws IOException {
        Files.createDirectories(logs);
        ClusterConfig cfg = tc.standalone().config();
        List<String> java = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Dlogback.configurationFile=xtremehub-logback.xml", "-Dxtremehub.log.dir=" + logs.resolve("manager"),
                "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                ManagerProcessMain.class.getName(), tc.controllerUri().toString(), tc.s3Endpoint(), cfg.ltsRegion(),
                cfg.ltsAccessKey(), cfg.ltsSecretKey(), in, out, workerLogs(logs).toString()));
        java.addAll(List.of(jobArgs));
        Process p = new ProcessBuilder(java).redirectErrorStream(true).redirectOutput(logs.resolve("manager.console")
                .toFile()).start();
        return new ManagerJvm(p, logs);
    }

    static Path workerLogs(Path logs) {
        return logs.resolve("workers");
    }

    Process process() {
        return process;
    }

    /** Waits for the manager to print {@code RUNNING <job id>} and returns the id. */
    String awaitJobId() {
        String[] id = new String[1];
        await("the manager in its own JVM to start the job").atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(200))
                .failFast("the manager exited: " + tail(), () -> !process.isAlive())
                .until(() -> {
                    id[0] = Files.readAllLines(logs.resolve("manager.console")).stream()
                            .filter(l -> l.startsWith("RUNNING ")).map(l -> l.substring(8).trim()).findFirst()
                            .orElse(null);
                    return id[0] != null;
                });
        return id[0];
    }

    /** The last lines of its console, for failure messages. */
    String tail() {
        try {
            List<String> lines = Files.readAllLines(logs.resolve("manager.console"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no console: " + e + ")";
        }
    }
}
