package io.xtremehub.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The README's main job, end to end: its own cluster, local-process workers, verified counts, a compression ratio. */
class MainJobIT {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void wordCountOnLocalProcessesIsVerifiedAndReportsCompression() {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.out;
        int exit;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            exit = XtremeHub.run("main-job", "--data-dir", dir.toString(), "--lines", "3000");
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        original.print(out);
        assertEquals(0, exit, "main job failed:\n" + out);
        assertTrue(out.contains("30000 words"), out);
        assertTrue(out.contains("counts match a local count"), out);
        Matcher ratio = Pattern.compile("compression ratio (\\d+\\.\\d+)").matcher(out);
        assertTrue(ratio.find(), "no compression ratio reported:\n" + out);
        assertTrue(Double.parseDouble(ratio.group(1)) > 1.5, "tiered data should compress well:\n" + out);
    }
}
