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
}
