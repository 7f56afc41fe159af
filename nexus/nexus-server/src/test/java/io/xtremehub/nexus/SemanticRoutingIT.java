package io.xtremehub.nexus;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.classify.LabelledLine;
import io.xtremehub.nexus.classify.LogLineGenerator;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.testkit.S3Clients;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.Tag;

/**
 * The semantic router in a Nexus worker on a filesystem backend, driven by the AWS SDK: chunks of
 * Pravega LTS (one segment, so one partition's state) holding personal data go to the private
 * bucket, the others to the public one, all read back byte for byte through the key the client
 * wrote; the map of routed chunks survives a restart of the worker.
 */
class SemanticRoutingIT {
    private static final String PUBLIC = "lts";
    private static final String PRIVATE = "lts-private";

    @TempDir
    Path tmp;

    private NexusServer start(Path work, Path backend) throws Exception {
        return NexusServer.builder().backend(Backend.filesystem(backend)).workDir(work).adminPort(-1).build().start();
    }

    private static Policy policy(Map<String, String> parameters, List<String> outputs) {
        return new Policy("semantic", 0, SystemType.PRAVEGA, PUBLIC, "**", List.of(
                new StreamletRef("semantic-router", parameters), new StreamletRef("zstd", Map.of())), outputs);
    }

    private static Policy semantic() {
        return policy(Map.of("bucket", PRIVATE, "flagLabels", "auth,pii", "minFraction", "0.02"),
                List.of(PUBLIC, PRIVATE));
    }

    /** A Pravega LTS chunk name of segment 0 of stream demo/logs. */
    private static String chunk(int n) {
        return "demo/logs/0.#epoch.0.E-1-O-" + (n * 100_000L) + ".0000000" + n + "-1111-2222-3333-444444444444";
    }

    /** Log lines: {@code lines} of held-out normal traffic with every {@code every}-th line of {@code label}. */
    private static byte[] logs(long seed, int lines, String label, int every) {
        LogLineGenerator generator = new LogLineGenerator(seed, LogLineGenerator.Vocabulary.HELD_OUT);
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= lines; i++) {
            LabelledLine l = generator.next(label != null && i % every == 0 ? label : LogLineGenerator.NORMAL);
            sb.append(l.line()).append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static Map<String, String> tags(S3Client s3, String key) {
        return s3.getObjectTagging(r -> r.bucket(PUBLIC).key(key)).tagSet().stream()
                .collect(Collectors.toMap(Tag::key, Tag::value));
    }

    private static byte[] get(S3Client s3, String key) {
        return s3.getObjectAsBytes(r -> r.bucket(PUBLIC).key(key)).asByteArray();
    }

    private static void put(S3Client s3, String key, byte[] data) {
        s3.putObject(r -> r.bucket(PUBLIC).key(key), RequestBody.fromBytes(data));
    }

    @Test
    void flaggedChunksAreStoredPrivatelyReadBackWholeAndRoutedAgainAfterARestart() throws Exception {
        Path work = tmp.resolve("work");
        Path backend = tmp.resolve("backend");
        byte[] clean = logs(1, 3_000, null, 0);
        byte[] leaky = logs(2, 3_000, LogLineGenerator.PII, 25); // 4% personal data
        byte[] failing = logs(3, 3_000, LogLineGenerator.ERROR, 10); // errors are not flagged by this policy
        try (NexusServer nexus = start(work, backend);
             S3Client s3 = S3Clients.sync(nexus.endpoint(), nexus.accessKey(), nexus.secretKey())) {
            s3.createBucket(r -> r.bucket(PUBLIC));
            s3.createBucket(r -> r.bucket(PRIVATE));
            assertEquals(1, nexus.definePolicy(semantic()).version());
            put(s3, chunk(0), clean);
            put(s3, chunk(1), leaky);
            put(s3, chunk(2), failing);

            // where the bytes went: the leaky chunk's data only in the private bucket (zstd-compressed),
            // a zero-length routing stub under the key Pravega wrote
            assertTrue(Files.size(backend.resolve(PUBLIC).resolve(chunk(0))) > 0);
            assertFalse(Files.exists(backend.resolve(PRIVATE).resolve(chunk(0))));
            assertEquals(0, Files.size(backend.resolve(PUBLIC).resolve(chunk(1))), "routing stub only");
            long privateSize = Files.size(backend.resolve(PRIVATE).resolve(chunk(1)));
            assertTrue(privateSize > 0 && privateSize < leaky.length / 2, "compressed in private: " + privateSize);
            assertTrue(Files.size(backend.resolve(PUBLIC).resolve(chunk(2))) > 0);
            assertFalse(Files.exists(backend.resolve(PRIVATE).resolve(chunk(2))));

            assertArrayEquals(clean, get(s3, chunk(0)));
            assertArrayEquals(leaky, get(s3, chunk(1)));
            assertArrayEquals(failing, get(s3, chunk(2)));
            assertArrayEquals(Arrays.copyOfRange(leaky, 1000, 50_001), s3.getObjectAsBytes(r -> r.bucket(PUBLIC)
                    .key(chunk(1)).range("bytes=1000-50000")).asByteArray());
            assertEquals(leaky.length, s3.headObject(r -> r.bucket(PUBLIC).key(chunk(1))).contentLength());

            // the labels, stored with each chunk after the PUT was acknowledged
            await().atMost(Duration.ofSeconds(20)).until(() -> tags(s3, chunk(1)).containsKey("nexus:semantic.flagged"));
            Map<String, String> leakyTags = tags(s3, chunk(1));
            assertEquals("true", leakyTags.get("nexus:semantic.flagged"), leakyTags.toString());
            assertEquals("pii", leakyTags.get("nexus:semantic.label"), leakyTags.toString());
            assertEquals(PRIVATE, leakyTags.get("nexus:semantic.routed-to"), leakyTags.toString());
            await().atMost(Duration.ofSeconds(20)).until(() -> tags(s3, chunk(2)).containsKey("nexus:semantic.label"));
            Map<String, String> failingTags = tags(s3, chunk(2));
            assertEquals("false", failingTags.get("nexus:semantic.flagged"), failingTags.toString());
            assertEquals("error", failingTags.get("nexus:semantic.label"), failingTags.toString());
            assertFalse(failingTags.containsKey("nexus:semantic.routed-to"), failingTags.toString());
            await().atMost(Duration.ofSeconds(20)).until(() -> tags(s3, chunk(0)).containsKey("nexus:semantic.label"));
            assertEquals("normal", tags(s3, chunk(0)).get("nexus:semantic.label"));
        }

        byte[] rewritten = logs(4, 2_000, null, 0);
        try (NexusServer nexus = start(work, backend);
             S3Client s3 = S3Clients.sync(nexus.endpoint(), nexus.accessKey(), nexus.secretKey())) {
            assertEquals(1, nexus.definePolicy(semantic()).version(), "same definition, same version");
            assertArrayEquals(leaky, get(s3, chunk(1)));
            assertArrayEquals(clean, get(s3, chunk(0)));

            // the restarted worker still knows chunk 1 was routed: clean lines written under its key stay
            // private, while the same lines under a new key go public
            put(s3, chunk(1), rewritten);
            put(s3, chunk(3), rewritten);
            assertEquals(0, Files.size(backend.resolve(PUBLIC).resolve(chunk(1))), "still a routing stub");
            assertTrue(Files.size(backend.resolve(PRIVATE).resolve(chunk(1))) > 0);
            assertTrue(Files.size(backend.resolve(PUBLIC).resolve(chunk(3))) > 0);
            assertFalse(Files.exists(backend.resolve(PRIVATE).resolve(chunk(3))));
            assertArrayEquals(rewritten, get(s3, chunk(1)));
            assertArrayEquals(rewritten, get(s3, chunk(3)));

            s3.deleteObject(r -> r.bucket(PUBLIC).key(chunk(1)));
            assertFalse(Files.exists(backend.resolve(PRIVATE).resolve(chunk(1))), "delete follows the route");
        }
    }

    @Test
    void badParametersAreRefusedWithOneLineAndNothingIsStored() throws Exception {
        Path backend = tmp.resolve("backend");
        try (NexusServer nexus = start(tmp.resolve("work"), backend);
             S3Client s3 = S3Clients.sync(nexus.endpoint(), nexus.accessKey(), nexus.secretKey())) {
            s3.createBucket(r -> r.bucket(PUBLIC));
            IllegalArgumentException fraction = assertThrows(IllegalArgumentException.class, () -> nexus.definePolicy(
                    policy(Map.of("bucket", PRIVATE, "minFraction", "2"), List.of(PUBLIC, PRIVATE))));
            assertEquals("policy 'semantic' step 1 (semantic-router): parameter minFraction=2 must be a fraction "
                    + "in (0, 1]", fraction.getMessage());
            IllegalArgumentException label = assertThrows(IllegalArgumentException.class, () -> nexus.definePolicy(
                    policy(Map.of("bucket", PRIVATE, "flagLabels", "pii,secrets"), List.of(PUBLIC, PRIVATE))));
            assertEquals("policy 'semantic' step 1 (semantic-router): parameter flagLabels has unknown label "
                    + "'secrets'; use some of [auth, error, pii]", label.getMessage());
            assertEquals(List.of(), nexus.metadata().activePolicies());

            // a private bucket the policy does not list as an output is only found when a chunk is routed:
            // that PUT fails with one line and stores nothing; unflagged chunks are unaffected
            nexus.definePolicy(policy(Map.of("bucket", PRIVATE), List.of(PUBLIC)));
            S3Exception refused = assertThrows(S3Exception.class,
                    () -> put(s3, chunk(1), logs(5, 500, LogLineGenerator.AUTH, 5)));
            String message = refused.awsErrorDetails().errorMessage();
            assertTrue(message.contains("bucket 'lts-private' is not an output bucket of policy semantic"), message);
            assertFalse(message.contains("\n"), message);
            assertFalse(Files.exists(backend.resolve(PUBLIC).resolve(chunk(1))));
            byte[] clean = logs(6, 500, null, 0);
            put(s3, chunk(2), clean);
            assertArrayEquals(clean, get(s3, chunk(2)));
        }
    }
}
