package io.xtremehub.docker;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The core of docker/compose.yaml run from the images: Nexus with the compose file's environment,
 * and beside it (one network namespace, 127.0.0.1 standing in for the service name {@code nexus})
 * the standalone cluster with the compose file's command and environment. Pravega must reach Nexus
 * with those credentials and write its first long-term-storage objects into the bucket the Nexus
 * image's config creates.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StackTest {
    private static final String SECRET = "stack-test-secret";
    private ImageTestBase.Extracted nexus;
    private ImageTestBase.Extracted standalone;

    @AfterAll
    void remove() throws Exception {
        for (ImageTestBase.Extracted e : new ImageTestBase.Extracted[] {nexus, standalone}) {
            if (e != null) {
                ImageTestBase.deleteTree(e.work());
            }
        }
    }

    @Test
    void theClusterTiersToNexusAsTheComposeFileWiresThem() throws Exception {
        JsonNode services = new YAMLMapper().readTree(ImageTestBase.DOCKER.resolve("compose.yaml").toFile()).path("services");
        nexus = ImageTestBase.Extracted.of("nexus", "nexus");
        standalone = ImageTestBase.Extracted.of("standalone", "standalone");

        Sandbox nexusBox = nexus.sandbox().withEnv(environment(services.path("nexus")));
        Sandbox clusterBox = standalone.sandbox().withEnv(environment(services.path("standalone")));
        List<String> clusterArgs = new ArrayList<>();
        services.path("standalone").path("command").forEach(a -> clusterArgs.add(a.asText().replace("//nexus:", "//127.0.0.1:")));

        Process p = Sandbox.startBeside(nexusBox, nexus.entrypointWith(nexus.image().cmd()),
                clusterBox, standalone.entrypointWith(clusterArgs));
        Path bucket = nexus.root().resolve("var/lib/xtremehub/nexus/objects/pravega-lts");
        try {
            String out = Sandbox.awaitLine(p, "Press Ctrl-C to stop.", Duration.ofSeconds(240));
            assertTrue(out.contains("S3 (LTS):   http://127.0.0.1:9000 bucket pravega-lts"), out);
            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (objects(bucket) == 0 && System.nanoTime() < deadline) {
                Thread.sleep(250); // polling the backend directory, bounded by the deadline
            }
            assertTrue(objects(bucket) > 0, "Pravega wrote no object through Nexus into " + bucket);
        } finally {
            Sandbox.stop(p);
        }
    }

    /** The service's environment from the compose file, with the secret the user would export. */
    private static String[] environment(JsonNode service) {
        List<String> env = new ArrayList<>();
        service.path("environment").fields().forEachRemaining(e -> {
            String v = e.getValue().asText();
            env.add(e.getKey() + "=" + (v.startsWith("${NEXUS_SECRET_KEY") ? SECRET : v));
        });
        return env.toArray(String[]::new);
    }

    private static long objects(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).count();
        }
    }
}
