package io.xtremehub.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The autoscaler image: {@code autoscaler run --config /etc/xtremehub/autoscaler.yaml}. Its status and
 * metrics server listens on 127.0.0.1 only, so it exposes no port.
 */
class AutoscalerImageTest extends ImageTestBase {
    static final String CONFIG = "/etc/xtremehub/autoscaler.yaml";

    @Override String module() { return "autoscaler"; }
    @Override String imageName() { return "autoscaler"; }
    @Override String mainClass() { return "io.xtremehub.autoscaler.service.AutoscalerCli"; }
    @Override Set<String> exposedPorts() { return Set.of(); }
    @Override List<String> documented() { return List.of(CONFIG, "--config"); }

    @Test
    void runsWithTheConfigFileOfTheImage() {
        assertEquals(List.of("run", "--config", CONFIG), image.cmd());
        assertTrue(Files.isRegularFile(root.resolve(CONFIG.substring(1))));
    }

    @Test
    void acceptsTheFileOfTheImageAndChecksTheFlinkItNames() throws Exception {
        // the file is valid; no Flink runs here, and the error names the address the file gives
        Sandbox.Result r = sandbox.run(defaultCommand(), "", Duration.ofSeconds(90));
        assertExit(2, r);
        assertTrue(r.stderr().contains("flink.rest: Flink REST API at http://flink-jobmanager:8081 is unreachable"),
                r.output());
    }

    @Test
    void aMountedConfigIsReadFromTheSamePath() throws Exception {
        String original = replaceFile(CONFIG, "periodSeconds: 10\nperiodSecond: 5\n");
        try {
            Sandbox.Result r = sandbox.run(defaultCommand(), "", Duration.ofSeconds(90));
            assertExit(2, r);
            assertTrue(r.stderr().contains("autoscaler.yaml: unknown key 'periodSecond'"), r.output());
        } finally {
            replaceFile(CONFIG, original);
        }
    }

    @Test
    void theConfigOfTheKubernetesManifestIsReadAsTheImageReadsIt() throws Exception {
        var configMap = Manifests.get(KubernetesManifestsTest.autoscaler(), io.fabric8.kubernetes.api.model.ConfigMap.class,
                "autoscaler-config");
        String original = replaceFile(CONFIG, Manifests.file(configMap, "autoscaler.yaml"));
        try {
            Sandbox.Result r = sandbox.run(defaultCommand(), "", Duration.ofSeconds(90));
            assertExit(2, r);
            assertTrue(r.stderr().contains("flink.rest: Flink REST API at http://flink-jobmanager:8081 is unreachable"),
                    r.output());
        } finally {
            replaceFile(CONFIG, original);
        }
    }
}
