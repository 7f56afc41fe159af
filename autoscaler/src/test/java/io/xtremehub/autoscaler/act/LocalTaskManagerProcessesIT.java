package io.xtremehub.autoscaler.act;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.xtremehub.autoscaler.flink.FlinkRestClient;
import io.xtremehub.testkit.FreePorts;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standalone Flink cluster of local processes: a real JobManager JVM
 * ({@code StandaloneSessionClusterEntrypoint}) and the task-manager JVMs the actuator starts and
 * stops; the JobManager's REST API must see them come and go.
 */
class LocalTaskManagerProcessesIT {
    @TempDir
    Path dir;

    @Test
    void taskManagerProcessesJoinAndLeaveTheJobManager() throws Exception {
        int rpcPort = FreePorts.pick();
        int restPort = FreePorts.pick();
        Path jmConf = Files.createDirectories(dir.resolve("jobmanager"));
        Files.writeString(jmConf.resolve("config.yaml"), String.join("\n",
                "jobmanager.rpc.address: 127.0.0.1",
                "jobmanager.rpc.port: " + rpcPort,
                "jobmanager.bind-host: 127.0.0.1",
                "rest.address: 127.0.0.1",
                "rest.bind-address: 127.0.0.1",
                "rest.port: " + restPort,
                "heartbeat.timeout: 10000",
                "jobmanager.memory.heap.size: 128m",
                "jobmanager.memory.off-heap.size: 64m",
                "jobmanager.memory.jvm-metaspace.size: 128m",
                "jobmanager.memory.jvm-overhead.min: 64m",
                "jobmanager.memory.jvm-overhead.max: 64m", ""));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // the forked test JVM may run from a manifest-only jar; surefire keeps the real class path here
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process jobManager = new ProcessBuilder(List.of(java, "-Xmx256m", "-cp", classpath,
                "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint", "--configDir", jmConf.toString()))
                .redirectErrorStream(true).redirectOutput(dir.resolve("jobmanager.log").toFile()).start();
        try (LocalTaskManagerProcesses tms = new LocalTaskManagerProcesses("127.0.0.1:" + rpcPort, 1, Map.of(),
                classpath, dir.resolve("taskmanagers"))) {
            FlinkRestClient rest = new FlinkRestClient(URI.create("http://127.0.0.1:" + restPort), Duration.ofSeconds(5));
            try {
                await().atMost(Duration.ofMinutes(2)).ignoreExceptions().until(() -> rest.get("/overview").has("taskmanagers"));
            } catch (org.awaitility.core.ConditionTimeoutException e) {
                throw new AssertionError("the JobManager did not come up; its log ends with: "
                        + tail(dir.resolve("jobmanager.log")), e);
            }
            assertEquals(0, registered(rest));

            tms.scaleTo(2);
            assertEquals(2, tms.current());
            await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(1)).until(() -> registered(rest) == 2);

            tms.scaleTo(1);
            assertEquals(1, tms.current());
            await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofSeconds(1)).until(() -> registered(rest) == 1);
            assertEquals(1, rest.get("/overview").path("slots-total").asInt());
        } finally {
            jobManager.destroy();
            jobManager.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    private static int registered(FlinkRestClient rest) {
        return rest.get("/overview").path("taskmanagers").asInt();
    }
}
