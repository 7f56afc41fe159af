package io.xtremehub.nexus.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.config.ConfigException;
import io.xtremehub.config.YamlConfigReader;
import io.xtremehub.nexus.backend.S3Uploads;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code backend.uploads} of Nexus's YAML file: read into the S3 backend's settings, bad values one line. */
class BackendUploadsSectionTest {
    private static S3Uploads read(String uploads) {
        return YamlConfigReader.parse("nexus.yaml", "backend: {type: s3, uploads: " + uploads + "}",
                NexusServiceConfig.class).orElseThrow().backend().uploads().settings();
    }

    private static String refused(String uploads) {
        String message = assertThrows(ConfigException.class, () -> read(uploads)).getMessage();
        assertEquals(1, message.lines().count(), message);
        return message;
    }

    @Test
    void settingsAreReadAndTheRestDefault() {
        S3Uploads s = read("{partBufferMiB: 16, partBufferWaitSeconds: 5, journalBucket: nx-journal,"
                + " abandonedAfterSeconds: 600, sweepEverySeconds: 60}");
        assertEquals(new S3Uploads(16L << 20, Duration.ofSeconds(5), "nx-journal", Duration.ofMinutes(10),
                Duration.ofMinutes(1)), s);
        assertEquals(S3Uploads.defaults(), read("{}"));
        assertEquals(S3Uploads.defaults(), YamlConfigReader.parse("nexus.yaml", "backend: {type: s3}",
                NexusServiceConfig.class).orElseThrow().backend().uploads().settings());
        assertEquals(64L << 20, S3Uploads.defaults().partBufferBudget());
    }

    @Test
    void badValuesAreOneLine() {
        String small = refused("{partBufferMiB: 4}");
        assertTrue(small.contains("backend.uploads.partBufferMiB must be at least 5 (one part), not 4"), small);
        String sweep = refused("{sweepEverySeconds: 0}");
        assertTrue(sweep.contains("backend.uploads.sweepEverySeconds must be at least 1, not 0"), sweep);
        String age = refused("{abandonedAfterSeconds: -1}");
        assertTrue(age.contains("backend.uploads.abandonedAfterSeconds must not be negative, not -1"), age);
        String typo = refused("{partBuferMiB: 8}");
        assertTrue(typo.contains("unknown key 'backend.uploads.partBuferMiB'"), typo);
    }
}
