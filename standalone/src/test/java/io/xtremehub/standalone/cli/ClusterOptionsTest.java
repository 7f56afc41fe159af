package io.xtremehub.standalone.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.standalone.ClusterConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

class ClusterOptionsTest {
    @Command
    static final class Cmd {
        @Mixin
        ClusterOptions options;
    }

    private static ClusterConfig config(Map<String, String> env, String... args) {
        Cmd cmd = new Cmd();
        new CommandLine(cmd).parseArgs(args);
        return cmd.options.toConfig(env);
    }

    @Test
    void theShippedExampleHoldsTheDefaults() {
        ClusterConfig fromFile = config(Map.of(), "--config", "cluster.example.yaml");
        ClusterConfig defaults = config(Map.of());
        assertEquals(defaults.dataDir(), fromFile.dataDir());
        assertEquals(defaults.listenAddress(), fromFile.listenAddress());
        assertEquals(defaults.advertisedAddress(), fromFile.advertisedAddress());
        assertEquals(defaults.zkPort(), fromFile.zkPort());
        assertEquals(defaults.s3Port(), fromFile.s3Port());
        assertEquals(defaults.bookiePortBase(), fromFile.bookiePortBase());
        assertEquals(defaults.cacheBytes(), fromFile.cacheBytes());
        assertEquals(defaults.ltsCompression(), fromFile.ltsCompression());
        assertEquals(defaults.ltsSecretKey(), fromFile.ltsSecretKey());
        assertEquals(defaults.ltsFlushMillis(), fromFile.ltsFlushMillis());
        assertNull(fromFile.ltsEndpoint());
    }

    @Test
    void flagsBeatTheEnvironmentWhichBeatsTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cluster.yaml");
        Files.writeString(file, "dataDir: /from/file\nports:\n  zookeeper: 2500\n  controller: 9500\nbookies: 3\n"
                + "lts:\n  compression: gzip\n  accessKey: file-key\n");
        Map<String, String> env = Map.of("XTREMEHUB_CONFIG", file.toString(), "XTREMEHUB_DATA_DIR", "/from/env",
                "XTREMEHUB_LTS_ACCESS_KEY", "env-key");

        ClusterConfig c = config(env, "--zk-port", "2600", "--lts-compression", "none");
        assertEquals(2600, c.zkPort());             // flag over file
        assertEquals(9500, c.controllerPort());     // file
        assertEquals(3, c.bookies());               // file
        assertEquals("none", c.ltsCompression());   // flag over file
        assertEquals(Path.of("/from/env"), c.dataDir());   // environment over file
        assertEquals("env-key", c.ltsAccessKey());         // environment over file
        assertEquals(Path.of("/from/flag"), config(env, "--data-dir", "/from/flag").dataDir());
    }

    @Test
    void listenAndAdvertisedAddressesComeFromFileEnvironmentAndFlags(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cluster.yaml");
        Files.writeString(file, "listenAddress: 0.0.0.0\nadvertisedAddress: 10.0.0.7\n");
        ClusterConfig fromFile = config(Map.of(), "--config", file.toString());
        assertEquals("0.0.0.0", fromFile.listenAddress());
        assertEquals("10.0.0.7", fromFile.advertisedAddress());
        ClusterConfig fromEnv = config(Map.of("XTREMEHUB_LISTEN_ADDRESS", "10.0.0.8"));
        assertEquals("10.0.0.8", fromEnv.listenAddress());
        assertEquals("10.0.0.8", fromEnv.advertisedAddress());
        assertEquals("10.0.0.9", config(Map.of("XTREMEHUB_LISTEN_ADDRESS", "10.0.0.8"),
                "--listen-address", "10.0.0.9").listenAddress());
    }

    @Test
    void anUnknownKeyIsOneLineNamingItAndTheKnownOnes(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cluster.yaml");
        Files.writeString(file, "ports:\n  zookeper: 2181\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> config(Map.of(), "--config", file.toString()));
        assertTrue(e.getMessage().startsWith(file + ": unknown key 'ports.zookeper'; known keys here: bookie, "
                + "controller, nexusAdmin, s3, segmentStore, zookeeper"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void badValuesAreOneLineNamingTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cluster.yaml");
        Files.writeString(file, "ports:\n  s3: nine\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> config(Map.of(), "--config", file.toString()));
        assertTrue(e.getMessage().startsWith(file + ": bad value at 'ports.s3'"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));

        Files.writeString(file, "lts:\n  compression: brotli\n");
        e = assertThrows(IllegalArgumentException.class, () -> config(Map.of(), "--config", file.toString()));
        assertEquals(file + ": lts-compression must be zstd, gzip or none, got brotli", e.getMessage());

        e = assertThrows(IllegalArgumentException.class,
                () -> config(Map.of(), "--config", dir.resolve("missing.yaml").toString()));
        assertEquals("config file " + dir.resolve("missing.yaml") + " does not exist", e.getMessage());
    }
}
