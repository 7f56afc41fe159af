package io.xtremehub.omb.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultChartsTest {

    @Test
    void drawsOnePngPerChartWithEveryDriver(@TempDir Path dir) throws Exception {
        List<Path> files = ResultCharts.write(List.of(result("Pravega", 2.0), result("Kafka", 3.0)), dir);
        assertEquals(List.of("w-publish-latency.png", "w-end-to-end-latency.png", "w-publish-rate.png",
                "w-consume-rate.png"), files.stream().map(p -> p.getFileName().toString()).toList());
        for (Path f : files) {
            BufferedImage image = ImageIO.read(f.toFile());
            assertNotNull(image, f + " is a PNG");
            assertEquals(900, image.getWidth());
        }
    }

    private static TestResult result(String driver, double latency) {
        TestResult r = new TestResult();
        r.workload = "w";
        r.driver = driver;
        r.publishRate.addAll(List.of(100.0, 110.0));
        r.consumeRate.addAll(List.of(100.0, 110.0));
        r.aggregatedPublishLatencyQuantiles.putAll(Map.of(50.0, latency, 99.0, latency * 3, 100.0, latency * 9));
        r.aggregatedEndToEndLatencyQuantiles.putAll(Map.of(50.0, latency, 99.9, latency * 5));
        return r;
    }
}
