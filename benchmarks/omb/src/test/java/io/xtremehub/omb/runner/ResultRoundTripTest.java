package io.xtremehub.omb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.xtremehub.omb.result.ResultFiles;
import io.xtremehub.omb.result.TestResult;
import io.xtremehub.omb.workload.WorkloadReader;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultRoundTripTest {
    private static final List<String> STATS = List.of("Avg", "50pct", "75pct", "95pct", "99pct", "999pct", "9999pct", "Max");

    /** Every field of OMB's TestResult, nothing else. */
    static Set<String> ombSchema() {
        Set<String> fields = new HashSet<>(List.of("workload", "driver", "messageSize", "topics", "partitions",
                "producersPerTopic", "consumersPerTopic", "publishRate", "publishErrorRate", "consumeRate", "backlog",
                "aggregatedPublishLatencyQuantiles", "aggregatedPublishDelayLatencyQuantiles",
                "aggregatedEndToEndLatencyQuantiles"));
        for (String s : STATS) {
            for (String m : List.of("publishLatency", "publishDelayLatency", "endToEndLatency")) {
                fields.add(m + s);
                fields.add("aggregated" + Character.toUpperCase(m.charAt(0)) + m.substring(1) + s);
            }
        }
        return fields;
    }

    @Test
    void writesOmbSchemaAndReadsBackTheSameResult(@TempDir Path dir) throws Exception {
        RunStats stats = new RunStats();
        for (int i = 1; i <= 1000; i++) {
            stats.published(100, i * 10L, i);
            stats.consumed(100, i * 20L);
        }
        stats.publishFailed();
        ResultRecorder recorder = new ResultRecorder(WorkloadReader.parse("w", "name: rt\nmessageSize: 100\n"
                + "testDurationMinutes: 1\npartitionsPerTopic: 16\nconsumerPerSubscription: 2\n"), "Pravega", 100);
        recorder.add(stats.sample(10, 1));
        stats.published(100, 5_000, 7);
        recorder.add(stats.sample(10, 1));
        TestResult result = recorder.finish(stats);

        LocalDateTime at = LocalDateTime.of(2026, 11, 23, 1, 2, 3);
        Path file = ResultFiles.write(result, dir, at);
        assertEquals("rt-Pravega-2026-11-23-01-02-03.json", file.getFileName().toString());

        JsonNode json = new ObjectMapper().readTree(file.toFile());
        Set<String> written = new TreeSet<>();
        json.fieldNames().forEachRemaining(written::add);
        assertEquals(new TreeSet<>(ombSchema()), written);
        assertEquals(2, json.get("publishRate").size());
        assertEquals(100.0, json.get("publishRate").get(0).asDouble(), 1e-9);
        assertEquals(0.1, json.get("publishErrorRate").get(0).asDouble(), 1e-9);
        assertEquals(0, json.get("backlog").get(0).asLong(), "1000 sent, 1000 consumed");
        assertEquals(1, json.get("backlog").get(1).asLong(), "then one more sent");
        assertEquals(16, json.get("partitions").asInt());
        assertEquals(2, json.get("consumersPerTopic").asInt());
        // publish latency 10 us .. 10 ms in milliseconds; delay stays in microseconds
        assertEquals(10.0, json.get("publishLatencyMax").get(0).asDouble(), 0.01);
        assertEquals(1000, json.get("publishDelayLatencyMax").get(0).asLong(), 1);
        assertEquals(10.0, json.get("aggregatedPublishLatencyMax").asDouble(), 0.01);
        assertEquals(20.0, json.get("aggregatedEndToEndLatencyMax").asDouble(), 0.02);
        assertEquals(5.0, json.get("aggregatedPublishLatency50pct").asDouble(), 0.01);
        assertTrue(json.get("aggregatedEndToEndLatencyQuantiles").size() > 5);
        assertTrue(json.get("aggregatedEndToEndLatencyQuantiles").has("100.0"));

        TestResult back = ResultFiles.read(file);
        ObjectMapper m = new ObjectMapper();
        assertEquals(m.valueToTree(result), m.valueToTree(back));
    }
}
