package io.xtremehub.omb.driver.pulsar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.omb.driver.DriverConfigException;
import io.xtremehub.omb.driver.DriverConfigFile;
import java.nio.file.Path;
import org.apache.pulsar.client.api.SubscriptionMode;
import org.apache.pulsar.client.api.SubscriptionType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PulsarDriverConfigTest {
    private static final String HEAD = "name: Pulsar\ndriverClass: io.openmessaging.benchmark.driver.pulsar.PulsarBenchmarkDriver\n";
    private static final String ONE_BOOKIE = "client:\n  persistence:\n    ensembleSize: 1\n    writeQuorum: 1\n    ackQuorum: 1\n";

    private static PulsarDriverConfig parse(String yaml) {
        return PulsarDriverConfig.from(DriverConfigFile.parse("p.yaml", yaml));
    }

    private static String error(String yaml) {
        String message = assertThrows(DriverConfigException.class, () -> parse(yaml)).getMessage();
        assertFalse(message.contains("\n"), message);
        return message;
    }

    @Test
    void unsetKeysTakeOmbDefaultsAndNoServiceUrlMeansTheEmbeddedBroker() {
        PulsarDriverConfig c = parse(HEAD + ONE_BOOKIE);
        assertTrue(c.embedded());
        assertNull(c.serviceUrl());
        assertEquals(8, c.ioThreads());
        assertEquals(8, c.connectionsPerBroker());
        assertEquals("benchmark/ns", c.namespacePrefix());
        assertEquals("benchmark", c.tenant());
        assertEquals("persistent", c.topicType());
        assertFalse(c.deduplication());
        assertTrue(c.batching());
        assertEquals(1, c.batchingMaxPublishDelayMs());
        assertEquals(128 * 1024, c.batchingMaxBytes());
        assertTrue(c.blockIfQueueFull());
        assertEquals(0, c.pendingQueueSize());
        assertEquals(SubscriptionType.Failover, c.subscriptionType());
        assertEquals(SubscriptionMode.Durable, c.subscriptionMode());
        assertEquals(10_000, c.receiverQueueSize());
    }

    @Test
    void anOmbStyleFileForAClusterIsReadWithEveryKey() {
        PulsarDriverConfig c = parse(HEAD + """
                client:
                  serviceUrl: pulsar://broker-1:6650
                  httpUrl: http://broker-1:8080
                  ioThreads: 16
                  connectionsPerBroker: 4
                  clusterName: east
                  namespacePrefix: bench/run
                  topicType: non-persistent
                  persistence:
                    ensembleSize: 3
                    writeQuorum: 3
                    ackQuorum: 2
                    deduplicationEnabled: true
                  tlsAllowInsecureConnection: false
                  tlsEnableHostnameVerification: false
                  tlsTrustCertsFilePath:
                  authentication:
                    plugin:
                    data:
                producer:
                  batchingEnabled: false
                  batchingMaxPublishDelayMs: 5
                  batchingMaxBytes: 1048576
                  blockIfQueueFull: false
                  pendingQueueSize: 500
                consumer:
                  subscriptionType: Key_Shared
                  subscriptionMode: NonDurable
                  receiverQueueSize: 100
                """);
        assertFalse(c.embedded());
        assertEquals("pulsar://broker-1:6650", c.serviceUrl());
        assertEquals("http://broker-1:8080", c.httpUrl());
        assertEquals(16, c.ioThreads());
        assertEquals(4, c.connectionsPerBroker());
        assertEquals("east", c.clusterName());
        assertEquals("bench", c.tenant());
        assertEquals("non-persistent", c.topicType());
        assertEquals(3, c.ensembleSize());
        assertEquals(3, c.writeQuorum());
        assertEquals(2, c.ackQuorum());
        assertTrue(c.deduplication());
        assertNull(c.tlsTrustCertsFilePath());
        assertNull(c.authPlugin());
        assertFalse(c.batching());
        assertEquals(5, c.batchingMaxPublishDelayMs());
        assertEquals(1_048_576, c.batchingMaxBytes());
        assertFalse(c.blockIfQueueFull());
        assertEquals(500, c.pendingQueueSize());
        assertEquals(SubscriptionType.Key_Shared, c.subscriptionType());
        assertEquals(SubscriptionMode.NonDurable, c.subscriptionMode());
        assertEquals(100, c.receiverQueueSize());
    }

    @Test
    void shippedDriverFilesAreValid() {
        assertTrue(PulsarDriverConfig.from(DriverConfigFile.read(Path.of("drivers/pulsar.yaml"))).embedded());
        PulsarDriverConfig external = PulsarDriverConfig.from(DriverConfigFile.read(Path.of("drivers/pulsar-external.yaml")));
        assertFalse(external.embedded());
        assertEquals("http://127.0.0.1:8080", external.httpUrl());
    }

    @Test
    void anEmbeddedTargetWithoutTheBrokerBuildIsRefusedBeforeAnythingStarts(@TempDir Path empty) {
        String before = System.setProperty(EmbeddedPulsar.HOME_PROPERTY, empty.toString());
        try {
            DriverConfigFile file = DriverConfigFile.parse("p.yaml", HEAD + ONE_BOOKIE);
            String message = assertThrows(DriverConfigException.class, () -> PulsarBenchmarkDriver.check(file)).getMessage();
            assertEquals("p.yaml: the embedded Pulsar broker is not built (no " + empty.resolve("classpath.txt")
                    + "): run 'mvn -B install -DskipTests -pl benchmarks/omb -am' or set -Domb.pulsar.broker.home", message);
        } finally {
            if (before == null) {
                System.clearProperty(EmbeddedPulsar.HOME_PROPERTY);
            } else {
                System.setProperty(EmbeddedPulsar.HOME_PROPERTY, before);
            }
        }
        // the build this module's tests run after: found without the property
        PulsarBenchmarkDriver.check(DriverConfigFile.parse("p.yaml", HEAD + ONE_BOOKIE));
    }

    @Test
    void ombReplicationDefaultsCannotRunOnTheOneBookieOfTheEmbeddedBroker() {
        assertEquals("p.yaml: the embedded Pulsar broker has one bookie: set 'client.persistence' ensembleSize, "
                + "writeQuorum and ackQuorum to 1 (got 3/3/2)", error(HEAD));
    }

    @Test
    void badValuesAreOneLineNamingTheKey() {
        assertEquals("p.yaml: 'client.persistence' needs ackQuorum <= writeQuorum <= ensembleSize, got 2 <= 3 <= 2",
                error(HEAD + "client:\n  serviceUrl: pulsar://h:6650\n  httpUrl: http://h:8080\n  persistence:\n"
                        + "    ensembleSize: 2\n    writeQuorum: 3\n    ackQuorum: 2\n"));
        assertTrue(error(HEAD + ONE_BOOKIE + "consumer:\n  subscriptionType: Fanout\n")
                .startsWith("p.yaml: 'consumer.subscriptionType' must be one of [Exclusive, Shared, Failover, Key_Shared], got 'Fanout'"));
        assertEquals("p.yaml: 'producer.batchingMaxBytes' must be at least 1, got 0",
                error(HEAD + ONE_BOOKIE + "producer:\n  batchingMaxBytes: 0\n"));
        assertEquals("p.yaml: 'client.namespacePrefix' must be <tenant>/<namespace>, got 'benchmark/local/ns'",
                error(HEAD + ONE_BOOKIE.replace("client:\n", "client:\n  namespacePrefix: benchmark/local/ns\n")));
        assertTrue(error(HEAD + "client:\n  serviceUrl: pulsar://h:6650\n")
                .contains("an external Pulsar cluster needs 'client.serviceUrl' and 'client.httpUrl'"));
        assertTrue(error(HEAD + ONE_BOOKIE + "producer:\n  batchingMaxDelayMs: 5\n")
                .startsWith("p.yaml: unknown key 'producer.batchingMaxDelayMs'; this driver knows ["));
    }
}
