package io.xtremehub.omb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class OmbCliTest {

    @Test
    void aBadWorkloadStopsTheCommandBeforeAnyClusterStarts(@TempDir Path dir) throws Exception {
        Path workload = dir.resolve("w.yaml");
        Files.writeString(workload, "name: w\nmessageSize: 100\ntestDurationMinutes: 1\nproducerRates: 10\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        int code;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            code = new CommandLine(new OmbCli()).execute("--drivers", "drivers/pravega.yaml,drivers/kafka.yaml",
                    "--workloads", workload.toString(), "-o", dir.resolve("out").toString());
        } finally {
            System.setErr(saved);
        }
        assertEquals(2, code);
        String text = err.toString(StandardCharsets.UTF_8).strip();
        assertEquals("error: " + workload + ": unknown field 'producerRates'", text.substring(0, text.indexOf(';')));
        assertEquals(1, text.lines().count(), text);
        assertTrue(Files.notExists(dir.resolve("out")), "nothing written");
    }

    @Test
    void aBadDriverFileStopsTheCommandBeforeAnyClusterStarts(@TempDir Path dir) throws Exception {
        Path driver = dir.resolve("d.yaml");
        Files.writeString(driver, "name: Kafka\nflush: maybe\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        int code;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            code = new CommandLine(new OmbCli()).execute("--drivers", driver.toString(),
                    "--workloads", "workloads/1-topic-1-partition-1kb-10k-rate.yaml");
        } finally {
            System.setErr(saved);
        }
        assertEquals(2, code);
        assertEquals("error: " + driver + ": 'flush' must be true or false, got 'maybe'",
                err.toString(StandardCharsets.UTF_8).strip());
    }
}
