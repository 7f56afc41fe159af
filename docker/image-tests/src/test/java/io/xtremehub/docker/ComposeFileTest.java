package io.xtremehub.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * docker/compose.yaml against the images and the config files in them: the images it names are
 * the ones this build makes, volumes sit where the configs put their state, published ports are the
 * ones Nexus's config listens on, and whatever talks to the standalone cluster (which listens on
 * loopback) shares its network namespace.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ComposeFileTest {
    static final Path DOCKER = ImageTestBase.DOCKER;
    JsonNode services;

    @BeforeAll
    void read() throws Exception {
        services = new YAMLMapper().readTree(DOCKER.resolve("compose.yaml").toFile()).path("services");
        assertFalse(services.isMissingNode());
    }

    static JsonNode imageConfig(String module, String path) throws Exception {
        return new YAMLMapper().readTree(DOCKER.resolve(module).resolve("rootfs").resolve(path.substring(1)).toFile());
    }

    @Test
    void ourServicesRunTheImagesOfThisBuild() {
        Map<String, String> expected = Map.of("nexus", "nexus", "standalone", "standalone", "autoscaler", "autoscaler",
                "faastream-worker", "faastream-worker");
        expected.forEach((service, image) -> assertEquals("xtremehub/" + image + ":" + ImageTestBase.TAG,
                services.path(service).path("image").asText(), service));
        List<String> modules = new ArrayList<>();
        services.fields().forEachRemaining(e -> {
            String image = e.getValue().path("image").asText();
            if (image.startsWith("xtremehub/")) {
                modules.add(image);
            }
        });
        assertEquals(new TreeSet<>(modules).size(), expected.size(), "no other xtremehub image: " + modules);
    }

    @Test
    void nexusPublishesThePortsOfItsConfigAndKeepsItsWorkDirectoryInAVolume() throws Exception {
        JsonNode nexus = services.path("nexus");
        JsonNode config = imageConfig("nexus", NexusImageTest.CONFIG);
        Set<String> published = new TreeSet<>();
        nexus.path("ports").forEach(p -> published.add(p.asText()));
        int s3 = config.at("/listen/port").asInt();
        int admin = config.at("/listen/adminPort").asInt();
        assertEquals(new TreeSet<>(Set.of(s3 + ":" + s3, admin + ":" + admin)), published);
        assertEquals("0.0.0.0", config.at("/listen/host").asText(), "published ports need every interface");
        assertTrue(nexus.path("environment").path("NEXUS_SECRET_KEY").asText().startsWith("${NEXUS_SECRET_KEY:?"),
                "the secret comes from the user: Nexus refuses the built-in one on 0.0.0.0");
        assertTrue(volumeTargets(nexus).contains(config.path("workDir").asText()), "workDir in a volume");
    }

    @Test
    void theClusterTiersToTheNexusServiceWithItsCredentials() throws Exception {
        JsonNode standalone = services.path("standalone");
        JsonNode cluster = imageConfig("standalone", StandaloneImageTest.CONFIG);
        JsonNode nexusConfig = imageConfig("nexus", NexusImageTest.CONFIG);
        assertTrue(volumeTargets(standalone).contains(cluster.path("dataDir").asText()), "dataDir in a volume");
        assertTrue(standalone.path("ports").isMissingNode(), "its components listen on 127.0.0.1: nothing to publish");

        List<String> command = new ArrayList<>();
        standalone.path("command").forEach(a -> command.add(a.asText()));
        assertEquals("standalone", command.get(0));
        String endpoint = command.get(command.indexOf("--lts-endpoint") + 1);
        assertEquals("http://nexus:" + nexusConfig.at("/listen/port").asInt(), endpoint);
        assertEquals(nexusConfig.at("/credentials/accessKey").asText(),
                standalone.path("environment").path("XTREMEHUB_LTS_ACCESS_KEY").asText());
        assertTrue(standalone.path("environment").path("XTREMEHUB_LTS_SECRET_KEY").asText().startsWith("${NEXUS_SECRET_KEY"));
        // Pravega writes to the LTS bucket the cluster config names; Nexus must create it and compress it
        String bucket = cluster.at("/lts/bucket").asText();
        List<String> buckets = new ArrayList<>();
        nexusConfig.path("buckets").forEach(b -> buckets.add(b.asText()));
        assertTrue(buckets.contains(bucket), "Nexus creates " + bucket + ": " + buckets);
        assertEquals(bucket, nexusConfig.at("/policies/0/bucket").asText());
    }

    @Test
    void clientsOfTheClusterShareItsNetworkNamespace() throws Exception {
        JsonNode autoscalerConfig = imageConfig("autoscaler", AutoscalerImageTest.CONFIG);
        assertTrue(autoscalerConfig.at("/pravega/controller").asText().startsWith("tcp://127.0.0.1:"));
        for (String s : List.of("autoscaler", "faastream-worker")) {
            assertEquals("service:standalone", services.path(s).path("network_mode").asText(), s);
        }
        // the Flink REST address of the autoscaler's config is a service of the file
        String flink = java.net.URI.create(autoscalerConfig.at("/flink/rest").asText()).getHost();
        assertFalse(services.path(flink).isMissingNode(), "service " + flink);
        assertTrue(services.path("faastream-worker").path("stdin_open").asBoolean(), "the worker reads its request on stdin");
    }

    private static List<String> volumeTargets(JsonNode service) {
        List<String> targets = new ArrayList<>();
        service.path("volumes").forEach(v -> {
            String[] parts = v.asText().split(":");
            targets.add(parts[1]);
        });
        return targets;
    }

    @Test
    void composeFileIsWhereTheReadmeSaysItIs() throws Exception {
        assertTrue(Files.readString(DOCKER.resolve("README.md")).contains("docker compose -f docker/compose.yaml"));
    }
}
