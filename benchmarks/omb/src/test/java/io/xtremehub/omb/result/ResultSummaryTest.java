package io.xtremehub.omb.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultSummaryTest {

    @Test
    void oneRowPerRunWithMeanRatesPeakConsumeAndLatencies(@TempDir Path dir) throws Exception {
        TestResult pravega = result("Pravega", List.of(1000.0, 3000.0), List.of(0.0, 5000.0, 2000.0));
        TestResult kafka = result("Kafka", List.of(4000.0), List.of(4000.0));
        Path file = ResultSummary.write(List.of(pravega, kafka), dir);

        List<String> lines = Files.readAllLines(file);
        assertEquals(4, lines.size(), String.join("\n", lines));
        // 10 KB messages: mean publish 2,000 msg/s = 20.5 MB/s; consume mean 2,333, peak 5,000 = 51.2 MB/s
        assertEquals("| w | Pravega | 2,000 | 20.5 | 2,333 | 51.2 | 2.0 / 9.0 | 4.0 / 12.0 |", lines.get(2));
        assertEquals("| w | Kafka | 4,000 | 41.0 | 4,000 | 41.0 | 2.0 / 9.0 | 4.0 / 12.0 |", lines.get(3));
    }

    private static TestResult result(String driver, List<Double> publish, List<Double> consume) {
        TestResult r = new TestResult();
        r.workload = "w";
        r.driver = driver;
        r.messageSize = 10_240;
        r.publishRate.addAll(publish);
        r.consumeRate.addAll(consume);
        r.aggregatedPublishLatency50pct = 2;
        r.aggregatedPublishLatency99pct = 9;
        r.aggregatedEndToEndLatency50pct = 4;
        r.aggregatedEndToEndLatency99pct = 12;
        return r;
    }
}
