package io.xtremehub.autoscaler.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.xtremehub.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
    private static final String VALID = """
            periodSeconds: 5
            pravega: {controller: "tcp://127.0.0.1:9090", scope: xtremehub}
            flink: {rest: "http://127.0.0.1:8081"}
            streams:
              - {name: readings, readerGroup: readings-job}
            scalers:
              - name: readings-job
                rule: {type: segments-ratio, stream: readings, segmentsPerTaskManager: 2, min: 1, max: 8}
                stabilization: {downWindowSeconds: 30}
                actuators:
                  - {type: local-processes, jobManager: "127.0.0.1:6123", slots: 1}
                  - {type: flink-resource-requirements, job: readings-job}
              - name: readings-stream
                rule: {type: stream-min-segments, stream: readings, job: readings-job, min: 1, max: 8}
                actuators: [{type: stream-min-segments, stream: readings}]
            """;

    private static String refusal(String yaml) {
        return assertThrows(ConfigException.class, () -> ConfigLoader.parse("autoscaler.yaml", yaml)).getMessage();
    }

    @Test
    void aValidFileIsReadWithItsDefaults() {
        AutoscalerConfig c = ConfigLoader.parse("autoscaler.yaml", VALID);
        assertEquals(5, c.periodSeconds());
        assertEquals(2, c.scalers().size());
        RuleSection.SegmentsRatio rule = assertInstanceOf(RuleSection.SegmentsRatio.class, c.scalers().get(0).rule());
        assertEquals(2.0, rule.segmentsPerTaskManager());
        assertEquals(30, c.scalers().get(0).stabilization().downWindowSeconds());
        assertEquals(30, c.scalers().get(0).stabilization().upCooldownSeconds(), "default up cool-down");
        assertEquals(9095, c.http().port());
        assertEquals("127.0.0.1", c.http().host(), "the status endpoint stays on loopback unless told");
    }

    @Test
    void theStatusEndpointListensWhereTheFileSays() {
        assertEquals("10.0.0.4", ConfigLoader.parse("autoscaler.yaml", VALID + "http: {host: 10.0.0.4, port: 0}\n")
                .http().host());
        assertEquals("autoscaler.yaml: http.host 'no-such-host.invalid' is not an address of this machine's"
                + " (e.g. 127.0.0.1)", refusal(VALID + "http: {host: no-such-host.invalid}\n"));
    }

    @Test
    void anUnknownFieldIsRefusedNamingItAndWhereItIs() {
        String m = refusal(VALID.replace("segmentsPerTaskManager: 2", "segmentsPerTaskManager: 2, segmentsPerTm: 3"));
        assertEquals("autoscaler.yaml: unknown key 'scalers[0].rule.segmentsPerTm'; known keys here: max, min, "
                + "segmentsPerTaskManager, stream", m);
    }

    @Test
    void aStreamRateScalerReadsItsTargetAndNeedsExactlyOne() {
        String yaml = VALID + """
                  - name: readings-segments
                    rule: {type: stream-rate, stream: readings, eventsPerSegment: 300, max: 8}
                    actuators: [{type: stream-segments, stream: readings}]
                """;
        AutoscalerConfig c = ConfigLoader.parse("autoscaler.yaml", yaml);
        RuleSection.StreamRate rule = assertInstanceOf(RuleSection.StreamRate.class, c.scalers().get(2).rule());
        assertEquals(300.0, rule.eventsPerSegment());
        assertInstanceOf(ActuatorSection.StreamSegments.class, c.scalers().get(2).actuators().get(0));
        String both = "autoscaler.yaml: scalers[2] 'readings-segments': stream-rate needs exactly one of "
                + "'eventsPerSegment' and 'kbytesPerSegment'";
        assertEquals(both, refusal(yaml.replace("eventsPerSegment: 300", "eventsPerSegment: 300, kbytesPerSegment: 64")));
        assertEquals(both, refusal(yaml.replace("eventsPerSegment: 300, ", "")));
        assertEquals("autoscaler.yaml: scalers[2] 'readings-segments': stream-segments stream 'other' is not under "
                + "'streams'", refusal(yaml.replace("{type: stream-segments, stream: readings}", "{type: stream-segments, stream: other}")));
    }

    @Test
    void minAboveMaxIsRefused() {
        assertEquals("autoscaler.yaml: scalers[0] 'readings-job': rule min (9) must be between 0 and max (8)",
                refusal(VALID.replace("segmentsPerTaskManager: 2, min: 1, max: 8}", "segmentsPerTaskManager: 2, min: 9, max: 8}")));
    }

    @Test
    void anUnknownRuleTypeIsRefusedWithTheKnownOnes() {
        String m = refusal(VALID.replace("type: segments-ratio", "type: segment-ratio"));
        assertEquals("autoscaler.yaml: unknown type 'segment-ratio' at 'scalers[0].rule' (known: segments-ratio, "
                + "compute-aware, stream-min-segments, stream-rate)", m);
    }

    @Test
    void aRuleOnAStreamThatIsNotWatchedIsRefused() {
        String m = refusal(VALID.replace("stream: readings, segmentsPerTaskManager", "stream: other, segmentsPerTaskManager"));
        assertEquals("autoscaler.yaml: scalers[0] 'readings-job': rule stream 'other' is not under 'streams' "
                + "(watched: [readings])", m);
    }

    @Test
    void aJobActuatorWithoutFlinkIsRefused() {
        String m = refusal(VALID.replace("flink: {rest: \"http://127.0.0.1:8081\"}\n", ""));
        assertEquals("autoscaler.yaml: scalers[0] 'readings-job': flink-resource-requirements needs 'job' and the "
                + "'flink.rest' address", m);
    }

    @Test
    void flagsOverTheEnvironmentOverTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("autoscaler.yaml");
        Files.writeString(file, VALID);
        ConfigOverrides env = ConfigOverrides.fromEnvironment(Map.of("AUTOSCALER_CONTROLLER", "tcp://10.0.0.5:9090",
                "AUTOSCALER_PORT", "9100", "AUTOSCALER_PERIOD_SECONDS", "7"));
        ConfigOverrides flags = new ConfigOverrides(null, "other-scope", "http://flink:8081", 9200, null);
        AutoscalerConfig c = ConfigLoader.load(file, flags.over(env));
        assertEquals("tcp://10.0.0.5:9090", c.pravega().controller());
        assertEquals("other-scope", c.pravega().scope());
        assertEquals("http://flink:8081", c.flink().rest());
        assertEquals(9200, c.http().port(), "the flag wins over AUTOSCALER_PORT");
        assertEquals(7, c.periodSeconds());
        assertEquals(2, c.scalers().size(), "what nothing overrides stays as the file says");
        assertEquals("autoscaler.yaml: periodSeconds must be at least 1, got 0", assertThrows(ConfigException.class,
                () -> ConfigLoader.load(file, new ConfigOverrides(null, null, null, null, 0))).getMessage()
                .replace(file.toString(), "autoscaler.yaml"));
        assertEquals("AUTOSCALER_PORT must be a whole number, not 'nine'", assertThrows(ConfigException.class,
                () -> ConfigOverrides.fromEnvironment(Map.of("AUTOSCALER_PORT", "nine"))).getMessage());
    }

    @Test
    void everyRefusalIsOneLine() {
        for (String bad : new String[] {"scalers: [", "periodSeconds: 0\n" + VALID.substring(VALID.indexOf('\n') + 1),
                "streams: []\nscalers: []", "periodSeconds: many"}) {
            String m = refusal(bad);
            assertFalse(m.contains("\n"), m);
        }
    }
}
