package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;

import io.xtremehub.faastream.cli.JobCli;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.testkit.cluster.TestCluster;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link ManagerProcessMain}, or {@code job resume}, in a JVM of its own (so a test can kill it with
 * SIGKILL), its worker processes its children. Its console goes to {@code <logs>/manager.console}, its log to
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
        ClusterConfig cfg = tc.standalone().config();
        List<String> args = new ArrayList<>(List.of(ManagerProcessMain.class.getName(), tc.controllerUri().toString(),
                tc.s3Endpoint(), cfg.ltsRegion(), cfg.ltsAccessKey(), cfg.ltsSecretKey(), in, out,
                workerLogs(logs).toString()));
        args.addAll(List.of(jobArgs));
        return launch(logs, testClassPath(), args);
    }

    /**
     * Runs {@code xtremehub job resume} with the given configuration file, on the class path without
     * the test classes: the jobs' pipeline classes come from {@code --class-path target/test-classes}.
     */
    static ManagerJvm startResume(TestCluster tc, Path logs, Path configFile) throws IOException {
        List<String> mainOnly = new ArrayList<>();
        String testClasses = null;
        for (String entry : testClassPath().split(File.pathSeparator)) {
            if (entry.endsWith("test-classes") || entry.endsWith("test-classes/")) {
                testClasses = entry;
            } else {
                mainOnly.add(entry);
            }
        }
        if (testClasses == null) {
            throw new IllegalStateException("no test-classes folder on " + testClassPath());
        }
        return launch(logs, String.join(File.pathSeparator, mainOnly), List.of(JobCli.class.getName(), "resume",
                "--config", configFile.toString(), "--scope", tc.scope(), "--class-path", testClasses));
    }

    private static String testClassPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    private static ManagerJvm launch(Path logs, String classPath, List<String> mainAndArgs) throws IOException {
        Files.createDirectories(logs);
        List<String> java = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Dlogback.configurationFile=xtremehub-logback.xml", "-Dxtremehub.log.dir=" + logs.resolve("manager"),
                "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
                "-cp", classPath));
        String archive = System.getProperty("faastream.worker.class.archive");
        if (archive != null) {
            java.add(java.size() - 2, "-Dfaastream.worker.class.archive=" + archive); // its workers' start-up
        }
        String standbys = System.getProperty("faastream.worker.standbys");
        if (standbys != null) {
            java.add(java.size() - 2, "-Dfaastream.worker.standbys=" + standbys); // worker JVMs started ahead
        }
        java.addAll(mainAndArgs);
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
        return awaitLine("RUNNING ", "the manager in its own JVM to start the job").substring(8).trim();
    }

    /** Waits for a console line starting with {@code prefix} and returns it. */
    String awaitLine(String prefix, String what) {
        String[] line = new String[1];
        await(what).atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(200))
                .failFast("the manager exited: " + tail(), () -> !process.isAlive())
                .until(() -> {
                    line[0] = Files.readAllLines(logs.resolve("manager.console")).stream()
                            .filter(l -> l.startsWith(prefix)).findFirst().orElse(null);
                    return line[0] != null;
                });
        return line[0];
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
