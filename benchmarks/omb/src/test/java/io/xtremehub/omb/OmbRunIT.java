package io.xtremehub.omb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.xtremehub.omb.driver.BenchmarkDriver;
import io.xtremehub.omb.driver.Drivers;
import io.xtremehub.omb.result.ResultFiles;
import io.xtremehub.omb.runner.BenchmarkRunner;
import io.xtremehub.omb.runner.DeliveryReport;
import io.xtremehub.omb.runner.RunOutcome;
import io.xtremehub.omb.workload.Workload;
import io.xtremehub.omb.workload.WorkloadReader;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Iterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 20-second run of a small workload (2 partitions, 2 producers, 2 subscriptions of 2 consumers,
 * 400 msg/s of 1 KB) on each driver's embedded cluster, with the driver files users get. Pulsar's
 * partitioned topic is read through Failover subscriptions, so each partition has one active consumer.
 */
class OmbRunIT {
    private static final Path WORKLOAD = Path.of("src/test/resources/smoke-20s.yaml");

    @Test
    void pravegaOnTheStandaloneCluster(@TempDir Path out) throws Exception {
        runAndCheck(Path.of("drivers/pravega.yaml"), out);
    }

    @Test
    void pravegaThroughTransactionsWithConnectionPooling(@TempDir Path out) throws Exception {
        runAndCheck(Path.of("drivers/pravega-transactions.yaml"), out);
    }

    @Test
    void kafkaOnAnEmbeddedKraftBroker(@TempDir Path out) throws Exception {
        runAndCheck(Path.of("drivers/kafka.yaml"), out);
    }

    @Test
    void pulsarOnAnEmbeddedStandaloneBrokerInItsOwnJvm(@TempDir Path out) throws Exception {
        runAndCheck(Path.of("drivers/pulsar.yaml"), out);
    }

    private static void runAndCheck(Path driverFile, Path out) throws Exception {
        Workload w = WorkloadReader.read(WORKLOAD);
        RunOutcome outcome;
        try (BenchmarkDriver driver = Drivers.open(driverFile)) {
            outcome = BenchmarkRunner.builder().build().run(driver, w);
        }
        DeliveryReport delivery = outcome.delivery();
        // 20 s at 400 msg/s; the shared machine may slow producers, never below a quarter
        assertTrue(delivery.acknowledged() > 2000, delivery.toString());
        assertEquals(2, delivery.subscriptions());
        assertEquals(0, delivery.missing(), delivery.toString());
        assertEquals(0, delivery.duplicates(), delivery.toString());

        Path file = ResultFiles.write(outcome.result(), out, LocalDateTime.now());
        assertTrue(file.getFileName().toString().matches(
                "smoke-20s-" + outcome.result().driver + "-\\d{4}-\\d{2}-\\d{2}-\\d{2}-\\d{2}-\\d{2}\\.json"), file.toString());
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertEquals(2, json.get("partitions").asInt());
        assertEquals(4, json.get("consumersPerTopic").asInt());
        int samples = json.get("publishRate").size();
        assertEquals(2, samples, "two 10-second samples in 20 seconds");
        for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            JsonNode v = json.get(name);
            if (v.isArray()) {
                assertEquals(samples, v.size(), name + " has one entry per sample");
            }
        }
        double published = 0;
        for (JsonNode rate : json.get("publishRate")) {
            published += rate.asDouble() * 10;
        }
        assertEquals(delivery.acknowledged(), published, delivery.acknowledged() * 0.1, "sampled rates add up");
        assertTrue(json.get("aggregatedPublishLatency50pct").asDouble() > 0);
        assertTrue(json.get("aggregatedEndToEndLatency99pct").asDouble() >= json.get("aggregatedEndToEndLatency50pct").asDouble());
        assertTrue(json.get("aggregatedEndToEndLatency50pct").asDouble() > 0);
        assertTrue(json.get("aggregatedEndToEndLatencyQuantiles").size() > 3);
        assertTrue(json.get("aggregatedPublishDelayLatencyQuantiles").size() > 3);
        assertEquals(0.0, json.get("publishErrorRate").get(0).asDouble());
    }
}
