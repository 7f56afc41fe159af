package io.xtremehub.omb.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverConfigTest {

    @Test
    void flattensNestedKeysAndReadsPropertiesText() {
        DriverConfigFile f = DriverConfigFile.parse("d.yaml",
                "client:\n  controllerURI: tcp://h:9090\nproducerConfig: |\n  acks=all\n  linger.ms=1\n");
        assertEquals("tcp://h:9090", f.string("client.controllerURI", null));
        assertEquals("all", f.properties("producerConfig").getProperty("acks"));
        assertEquals("1", f.properties("producerConfig").getProperty("linger.ms"));
    }

    @Test
    void unknownPravegaKeyIsOneLineAndStartsNothing(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("p.yaml");
        Files.writeString(file, "name: Pravega\ndriverClass: io.xtremehub.omb.driver.pravega.PravegaBenchmarkDriver\n"
                + "enableTransactions: true\n");
        DriverConfigException e = assertThrows(DriverConfigException.class, () -> Drivers.open(file));
        assertTrue(e.getMessage().startsWith(file + ": unknown key 'enableTransactions'"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void badKafkaValueIsOneLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("k.yaml");
        Files.writeString(file, "name: Kafka\nreplicationFactor: 0\n");
        DriverConfigException e = assertThrows(DriverConfigException.class, () -> Drivers.open(file));
        assertEquals(file + ": 'replicationFactor' must be at least 1, got 0", e.getMessage());
    }

    @Test
    void autoScalingNeedsATriggerRate(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("p.yaml");
        Files.writeString(file, "name: Pravega\nenableStreamAutoScaling: true\n");
        DriverConfigException e = assertThrows(DriverConfigException.class, () -> Drivers.open(file));
        assertTrue(e.getMessage().contains("'enableStreamAutoScaling' needs 'eventsPerSecond' or 'kbytesPerSecond'"),
                e.getMessage());
    }

    @Test
    void unknownPulsarKeyIsOneLineAndStartsNoBroker(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("p.yaml");
        Files.writeString(file, "name: Pulsar\ndriverClass: io.openmessaging.benchmark.driver.pulsar.PulsarBenchmarkDriver\n"
                + "client:\n  ioThread: 4\n");
        DriverConfigException e = assertThrows(DriverConfigException.class, () -> Drivers.open(file));
        assertTrue(e.getMessage().startsWith(file + ": unknown key 'client.ioThread'"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void unknownSystemIsOneLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("x.yaml");
        Files.writeString(file, "name: RocketMQ\ndriverClass: org.example.RocketDriver\n");
        DriverConfigException e = assertThrows(DriverConfigException.class, () -> Drivers.open(file));
        assertTrue(e.getMessage().contains("cannot tell the system"), e.getMessage());
    }

    @Test
    void tieringSettingsAreCheckedWithOneLine(@TempDir Path dir) throws Exception {
        Path external = dir.resolve("k1.yaml");
        Files.writeString(external, "name: Kafka\ntieredStorage: true\ncommonConfig: |\n  bootstrap.servers=h:9092\n");
        DriverConfigException e = assertThrows(DriverConfigException.class, () -> Drivers.check(external));
        assertEquals(external + ": 'tieredStorage' applies to the embedded broker only; an external cluster tiers as its"
                + " own brokers are configured", e.getMessage());

        Path badCompression = dir.resolve("k2.yaml");
        Files.writeString(badCompression, "name: Kafka\ntieredStorage: true\nnexusCompression: lz4\n");
        e = assertThrows(DriverConfigException.class, () -> Drivers.check(badCompression));
        assertEquals(badCompression + ": 'nexusCompression' must be zstd, gzip or none, got lz4", e.getMessage());

        Path compressionAlone = dir.resolve("k3.yaml");
        Files.writeString(compressionAlone, "name: Kafka\nnexusCompression: zstd\n");
        e = assertThrows(DriverConfigException.class, () -> Drivers.check(compressionAlone));
        assertEquals(compressionAlone + ": 'nexusCompression' needs 'tieredStorage: true'", e.getMessage());

        Path badLts = dir.resolve("p.yaml");
        Files.writeString(badLts, "name: Pravega\nltsCompression: brotli\n");
        e = assertThrows(DriverConfigException.class, () -> Drivers.check(badLts));
        assertEquals(badLts + ": 'ltsCompression' must be zstd, gzip or none, got brotli", e.getMessage());
    }

    @Test
    void shippedTieringDriverFilesAreValid() {
        for (String name : new String[] {"kafka-tiered.yaml", "kafka-tiered-plain.yaml", "pravega-lts-plain.yaml",
            "pravega.yaml"}) {
            Drivers.check(Path.of("drivers", name));
        }
    }
}
