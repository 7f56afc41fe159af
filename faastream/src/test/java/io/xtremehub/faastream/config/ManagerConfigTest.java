package io.xtremehub.faastream.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.xtremehub.config.ConfigException;
import io.xtremehub.faastream.platform.LocalProcessPlatform;
import io.xtremehub.faastream.platform.WorkerPlatform;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManagerConfigTest {
    private static final Path EXAMPLE = Path.of("manager.example.yaml");

    @Test
    void theDocumentedExampleIsWhatTheDefaultsAre() {
        ManagerConfig example = ManagerConfig.load(EXAMPLE);
        ManagerConfig defaults = ManagerConfig.defaults();
        assertEquals(defaults.controller(), example.controller());
        assertEquals(defaults.scope(), example.scope());
        assertEquals(defaults.objectStore(), example.objectStore());
        assertEquals(defaults.metricsPort(), example.metricsPort());
        assertEquals(defaults.metricsHost(), example.metricsHost());
        PlatformSection.Processes p = assertInstanceOf(PlatformSection.Processes.class, example.platform());
        assertEquals(List.of("-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto"), p.jvmArgs());
        try (WorkerPlatform platform = example.platform().create()) {
            assertInstanceOf(LocalProcessPlatform.class, platform);
        }
    }

    @Test
    void environmentOverTheFileAndFlagsOverBoth(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("manager.yaml");
        Files.writeString(file, """
                controller: tcp://10.1.0.1:9090
                scope: from-file
                objectStore: {endpoint: "http://10.1.0.1:9000", accessKey: k, secretKey: s}
                platform: {type: threads}
                metricsPort: 9102
                """);
        ManagerConfig c = ManagerConfig.resolve(null, Map.of("FAASTREAM_CONFIG", file.toString(),
                "FAASTREAM_SCOPE", "from-env", "FAASTREAM_S3_SECRET_KEY", "s2", "FAASTREAM_METRICS_PORT", "0"));
        assertEquals("tcp://10.1.0.1:9090", c.controller());
        assertEquals("from-env", c.scope());
        assertEquals(new ManagerConfig.ObjectStoreSection("http://10.1.0.1:9000", "us-east-1", "k", "s2", "faastream-spill"),
                c.objectStore());
        assertEquals(0, c.metricsPort());
        assertInstanceOf(PlatformSection.Threads.class, c.platform());
        ManagerConfig flagged = c.with("tcp://10.1.0.2:9090", null);
        assertEquals("tcp://10.1.0.2:9090", flagged.controller());
        assertEquals("from-env", flagged.scope());
        assertEquals(ManagerConfig.defaults(), ManagerConfig.resolve(null, Map.of()), "zero-config: nothing set");
    }

    @Test
    void everyMistakeIsOneLineNamingIt(@TempDir Path dir) throws Exception {
        assertEquals("m.yaml: unknown key 'objectStore.endpont'; known keys here: accessKey, endpoint, region, "
                + "secretKey, spillBucket", refusal(dir, "objectStore: {endpont: http://x:9000}"));
        assertEquals("m.yaml: controller must look like tcp://host:9090, not 'http://x:9090'",
                refusal(dir, "controller: http://x:9090"));
        assertEquals("m.yaml: unknown type 'docker' at 'platform' (known: processes, threads, lambda)",
                refusal(dir, "platform: {type: docker}"));
        assertEquals("m.yaml at 'platform': platform type lambda needs 'functionName'",
                refusal(dir, "platform: {type: lambda, region: r, accessKey: a, secretKey: s}"));
        assertEquals("m.yaml: metricsPort must be between 0 and 65535, not 70000", refusal(dir, "metricsPort: 70000"));
        assertEquals("m.yaml at 'platform': platform key 'standbyWorkers' must be between 0 (off) and 64, not -1",
                refusal(dir, "platform: {type: processes, standbyWorkers: -1}"));
        assertEquals("FAASTREAM_METRICS_PORT must be a whole number, not 'x'", assertThrows(ConfigException.class,
                () -> ManagerConfig.resolve(null, Map.of("FAASTREAM_METRICS_PORT", "x"))).getMessage());
        assertEquals("environment FAASTREAM_*: controller must look like tcp://host:9090, not 'localhost'",
                assertThrows(ConfigException.class,
                        () -> ManagerConfig.resolve(null, Map.of("FAASTREAM_CONTROLLER", "localhost"))).getMessage());
        assertEquals("controller must look like tcp://host:9090, not 'nope'",
                assertThrows(ConfigException.class, () -> ManagerConfig.defaults().with("nope", null)).getMessage());
    }

    private static String refusal(Path dir, String yaml) throws Exception {
        Path file = dir.resolve("m.yaml");
        Files.writeString(file, yaml);
        return assertThrows(ConfigException.class, () -> ManagerConfig.load(file)).getMessage()
                .replace(file.toString(), "m.yaml");
    }
}
