package io.xtremehub.omb.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class WorkloadReaderTest {

    @Test
    void appliesOmbDefaultsToAMinimalWorkload() {
        Workload w = WorkloadReader.parse("w.yaml", "name: minimal\nmessageSize: 1024\ntestDurationMinutes: 15\n");
        assertEquals("minimal", w.name());
        assertEquals(1, w.topics());
        assertEquals(1, w.partitionsPerTopic());
        assertEquals(KeyDistributor.NO_KEY, w.keyDistributor());
        assertFalse(w.useRandomizedPayloads());
        assertEquals(0.0, w.randomBytesRatio());
        assertNull(w.payloadFile());
        assertEquals(1, w.subscriptionsPerTopic());
        assertEquals(1, w.producersPerTopic());
        assertEquals(1, w.consumerPerSubscription());
        assertEquals(0, w.producerRate());
        assertTrue(w.maxRate(), "producerRate 0 means max-rate discovery");
        assertEquals(0, w.consumerBacklogSizeGB());
        assertFalse(w.buildsBacklog());
        assertEquals(1.0, w.backlogDrainRatio());
        assertEquals(Duration.ofMinutes(15), w.testDuration());
        assertEquals(Duration.ofMinutes(1), w.warmupDuration());
    }

    @Test
    void readsEveryOmbField() {
        Workload w = WorkloadReader.parse("w.yaml", """
                name: full
                topics: 2
                partitionsPerTopic: 16
                keyDistributor: KEY_ROUND_ROBIN
                messageSize: 100
                useRandomizedPayloads: true
                randomBytesRatio: 0.5
                randomizedPayloadPoolSize: 1000
                subscriptionsPerTopic: 3
                producersPerTopic: 4
                consumerPerSubscription: 5
                producerRate: 50000
                consumerBacklogSizeGB: 2
                backlogDrainRatio: 0.5
                testDurationMinutes: 0.5
                warmupDurationMinutes: 0
                """);
        assertEquals(new Workload("full", 2, 16, KeyDistributor.KEY_ROUND_ROBIN, 100, true, 0.5, 1000, null, 3, 4, 5,
                50000, 2, 0.5, 0.5, 0), w);
        assertEquals(Duration.ofSeconds(30), w.testDuration());
        assertTrue(w.buildsBacklog());
    }

    @Test
    void everyShippedWorkloadParses() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("workloads"))) {
            files = s.filter(p -> p.toString().endsWith(".yaml")).toList();
        }
        assertTrue(files.size() >= 8, "shipped workloads: " + files);
        for (Path f : files) {
            Workload w = WorkloadReader.read(f);
            assertEquals(f.getFileName().toString().replace(".yaml", ""), w.name(), "name matches the file");
        }
        assertTrue(files.stream().map(WorkloadReader::read).anyMatch(Workload::buildsBacklog), "a backlog workload");
        assertTrue(files.stream().map(WorkloadReader::read).anyMatch(w -> w.messageSize() == 1024 * 1024), "1 MB");
    }

    @Test
    void unknownFieldIsOneLineNamingIt() {
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> WorkloadReader.parse("w.yaml", "name: x\nmessageSize: 100\ntestDurationMinutes: 1\nmesageSize: 3\n"));
        assertTrue(e.getMessage().startsWith("w.yaml: unknown field 'mesageSize'"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void impossibleValuesAreOneLineEach() {
        String base = "name: x\nmessageSize: 100\ntestDurationMinutes: 1\n";
        assertError(base + "partitionsPerTopic: 0\n", "'partitionsPerTopic' must be at least 1, got '0'");
        assertError(base + "producerRate: -5\n", "'producerRate' must be at least 0, got '-5'");
        assertError(base + "backlogDrainRatio: 1.5\n", "'backlogDrainRatio' must be between 0 and 1, got '1.5'");
        assertError(base + "keyDistributor: RANDOM\n", "'keyDistributor' must be one of NO_KEY, KEY_ROUND_ROBIN, RANDOM_NANO");
        assertError(base + "topics: many\n", "'topics' must be a whole number, got 'many'");
        assertError(base + "useRandomizedPayloads: 3\n", "'useRandomizedPayloads' must be true or false");
        assertError("name: x\nmessageSize: 10\ntestDurationMinutes: 1\n", "'messageSize' must be at least 20 bytes");
        assertError("name: x\nmessageSize: 100\n", "'testDurationMinutes' must be greater than 0");
        assertError("messageSize: 100\ntestDurationMinutes: 1\n", "'name' is required");
        assertError(base + "consumerBacklogSizeGB: 1\nsubscriptionsPerTopic: 0\n", "needs at least one subscription");
        assertError("", "the workload file is empty");
        assertError("- a\n- b\n", "not a YAML mapping");
    }

    @Test
    void missingFileSaysSo() {
        WorkloadException e = assertThrows(WorkloadException.class, () -> WorkloadReader.read(Path.of("no/such.yaml")));
        assertTrue(e.getMessage().startsWith("no/such.yaml: cannot read the workload file"), e.getMessage());
    }

    private static void assertError(String yaml, String expected) {
        WorkloadException e = assertThrows(WorkloadException.class, () -> WorkloadReader.parse("w.yaml", yaml));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().startsWith("w.yaml: "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
