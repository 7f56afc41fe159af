package io.xtremehub.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The Nexus image: {@code nexus serve --config /etc/xtremehub/nexus.yaml} on 0.0.0.0:9000 and 9001. */
class NexusImageTest extends ImageTestBase {
    static final String CONFIG = "/etc/xtremehub/nexus.yaml";

    @Override String module() { return "nexus"; }
    @Override String imageName() { return "nexus"; }
    @Override String mainClass() { return "io.xtremehub.nexus.cli.NexusCli"; }
    @Override Set<String> exposedPorts() { return Set.of("9000/tcp", "9001/tcp"); }
    @Override List<String> documented() { return List.of(CONFIG, "NEXUS_SECRET_KEY", "NEXUS_HOST", "--config"); }

    @Test
    void servesWithTheConfigFileOfTheImage() {
        assertEquals(List.of("serve", "--config", CONFIG), image.cmd());
        assertTrue(Files.isRegularFile(root.resolve(CONFIG.substring(1))));
    }

    @Test
    void refusesTheBuiltInSecretOnEveryInterfaceTheFileAsksFor() throws Exception {
        // Nexus' own default is 127.0.0.1: 0.0.0.0 can only come from the image's file
        Sandbox.Result r = sandbox.run(defaultCommand(), "", Duration.ofSeconds(90));
        assertExit(2, r);
        assertTrue(r.stderr().contains("refusing to listen on 0.0.0.0 with the built-in default secret key"), r.output());
    }

    @Test
    void startsAsItsUserAndWritesItsWorkDirectoryFromTheFile() throws Exception {
        Process p = sandbox.withEnv("NEXUS_SECRET_KEY=image-test-secret").start(defaultCommand());
        try {
            // the CLI's own line, printed once both endpoints listen
            String out = Sandbox.awaitLine(p, "; Ctrl-C stops", Duration.ofSeconds(120));
            assertTrue(out.contains("Nexus serving S3 at http://0.0.0.0:9000, admin API and /metrics at "
                    + "http://0.0.0.0:9001; Ctrl-C stops"), out);
        } finally {
            Sandbox.stop(p);
        }
        Path workDir = root.resolve("var/lib/xtremehub/nexus");
        Path token = workDir.resolve("admin-token");
        assertTrue(Files.isRegularFile(token), "admin token in the work directory the file names");
        if ("root".equals(System.getProperty("user.name"))) {
            assertEquals(10001, Files.getAttribute(token, "unix:uid"), "written by the image's user");
        }
        try (var buckets = Files.list(workDir.resolve("objects"))) {
            assertTrue(buckets.anyMatch(b -> b.getFileName().toString().equals("pravega-lts")),
                    "bucket pravega-lts of the file created in the filesystem backend");
        }
    }

    @Test
    void aMountedConfigIsReadFromTheSamePath() throws Exception {
        String original = replaceFile(CONFIG, "listen:\n  host: 0.0.0.0\n  prot: 9000\n");
        try {
            Sandbox.Result r = sandbox.run(defaultCommand(), "", Duration.ofSeconds(90));
            assertExit(2, r);
            assertTrue(r.stderr().contains(CONFIG + ": unknown key 'listen.prot'"), r.output());
        } finally {
            replaceFile(CONFIG, original);
        }
    }

    @Test
    void theSwarmletConfigOfTheKubernetesManifestIsReadAsTheImageReadsIt() throws Exception {
        var secret = Manifests.get(KubernetesManifestsTest.nexusSwarmlet(), io.fabric8.kubernetes.api.model.Secret.class,
                "nexus-config");
        String original = replaceFile(CONFIG, Manifests.file(secret, "nexus.yaml"));
        try {
            // the Deployment's environment, but no Redis here: Nexus gets as far as connecting to the
            // Redis its config names, after it accepted every key of the file
            Sandbox.Result r = sandbox.withEnv("NEXUS_SECRET_KEY=image-test-secret", "NEXUS_HOST=127.0.0.1",
                    "NEXUS_BACKEND_ACCESS_KEY=a", "NEXUS_BACKEND_SECRET_KEY=b").run(defaultCommand(), "", Duration.ofSeconds(90));
            assertExit(2, r);
            assertTrue(r.stderr().contains("nexus serve: cannot reach Redis at redis:6379"), r.output());
        } finally {
            replaceFile(CONFIG, original);
        }
    }
}
