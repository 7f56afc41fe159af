package io.xtremehub.omb.driver.pulsar;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.omb.driver.DriverConfigException;
import io.xtremehub.omb.driver.DriverConfigFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A broker JVM that dies before it serves is one error line carrying the reason from its log. */
class EmbeddedPulsarTest {

    @Test
    void aBrokerJvmThatExitsBeforeReadyIsOneLineWithItsLastLogLine(@TempDir Path home) throws Exception {
        // a "build" whose class path lacks the broker: the child JVM starts and exits at once
        Files.createDirectories(home.resolve("classes"));
        Files.writeString(home.resolve("classpath.txt"), home.resolve("nothing.jar").toString());
        String before = System.setProperty(EmbeddedPulsar.HOME_PROPERTY, home.toString());
        try {
            DriverConfigFile file = DriverConfigFile.parse("p.yaml", "name: Pulsar\nclient:\n  persistence:\n"
                    + "    ensembleSize: 1\n    writeQuorum: 1\n    ackQuorum: 1\n");
            String message = assertThrows(DriverConfigException.class, () -> PulsarBenchmarkDriver.open(file))
                    .getMessage();
            assertTrue(message.startsWith("p.yaml: the Pulsar driver did not start: the embedded Pulsar broker did not "
                    + "start: the broker JVM exited; its log: "), message);
            assertTrue(message.contains("io.xtremehub.omb.pulsar.broker.PulsarBrokerMain"), message);
            assertFalse(message.contains("\n"), message);
        } finally {
            if (before == null) {
                System.clearProperty(EmbeddedPulsar.HOME_PROPERTY);
            } else {
                System.setProperty(EmbeddedPulsar.HOME_PROPERTY, before);
            }
        }
    }
}
