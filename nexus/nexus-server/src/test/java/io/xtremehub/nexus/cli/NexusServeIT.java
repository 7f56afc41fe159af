package io.xtremehub.nexus.cli;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.NexusServer;
import io.xtremehub.nexus.PausingBody;
import io.xtremehub.testkit.RedisServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * {@code nexus serve} run as the picocli command it is, driven by the AWS SDK v2: the shipped
 * example configs start and serve their tiering system's chunks through their policies, bad
 * settings stop it with one line, and a stop lets an in-flight PUT finish.
 */
class NexusServeIT {
    private static final Path EXAMPLES = Path.of("..", "examples");

    @TempDir
    Path tmp;

    /** A running {@code serve} command. */
    private record Serving(ServeCommand command, CompletableFuture<Integer> exit) implements AutoCloseable {
        NexusServer server() {
            return command.server();
        }

        @Override
        public void close() throws Exception {
            command.stop();
            assertEquals(0, exit.get(60, TimeUnit.SECONDS));
        }
    }

    private static Serving serve(String... args) {
        CommandLine cli = new CommandLine(new NexusCli());
        ServeCommand command = cli.getSubcommands().get("serve").getCommand();
        List<String> all = new ArrayList<>(List.of("serve"));
        all.addAll(List.of(args));
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cli.execute(all.toArray(String[]::new)));
        await().atMost(Duration.ofSeconds(60)).until(() -> command.server() != null || exit.isDone());
        assertFalse(exit.isDone(), "serve exited early");
        return new Serving(command, exit);
    }

    /** Runs serve expecting it to refuse; returns what it printed on stderr. */
    private static String refused(String... args) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            List<String> all = new ArrayList<>(List.of("serve"));
            all.addAll(List.of(args));
            assertEquals(2, NexusCli.run(all.toArray(String[]::new)));
        } finally {
            System.setErr(err);
        }
        String out = captured.toString(StandardCharsets.UTF_8).trim();
        assertEquals(1, out.lines().count(), out);
        return out;
    }

    private static S3Client client(URI endpoint, String access, String secret) {
        return S3Client.builder().endpointOverride(endpoint).region(Region.US_EAST_1).forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(access, secret)))
                .build();
    }

    private static byte[] logs(int size) {
        StringBuilder b = new StringBuilder();
        Random r = new Random(7);
        while (b.length() < size) {
            b.append("2026-11-23 01:0").append(r.nextInt(10)).append(" INFO dfs.DataNode: Receiving block blk_")
                    .append(r.nextInt(1000)).append(" src: /10.0.0.").append(r.nextInt(255)).append('\n');
        }
        return b.substring(0, size).getBytes(StandardCharsets.UTF_8);
    }

    private static long storedSize(Path objects, String bucket, String key) throws IOException {
        return Files.size(objects.resolve(bucket).resolve(key));
    }

    @Test
    void eachShippedExampleStartsAndItsPolicyCompressesThatSystemsChunks() throws Exception {
        List<String[]> cases = List.of(
                new String[] {"pravega.yaml", "nexus", "nexus-secret", "pravega-lts",
                    "scope/stream/0.#epoch.0.E-1-O-0.6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b"},
                new String[] {"kafka.yaml", "kafka", "change-me-kafka-secret", "kafka-tiered",
                    "orders-AbCdEfGhIjKlMnOpQrStUv/3/00000000000000001234-QwErTyUiOpAsDfGhJkLzXc.log"},
                new String[] {"pulsar.yaml", "pulsar", "change-me-pulsar-secret", "pulsar-offload",
                    "6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b-ledger-42"});
        try (Stream<Path> shipped = Files.list(EXAMPLES)) {
            assertEquals(cases.size(), shipped.filter(p -> p.toString().endsWith(".yaml")).count(),
                    "every shipped example is tested");
        }
        byte[] data = logs(3 << 20);
        for (String[] c : cases) {
            Path objects = tmp.resolve(c[0]).resolve("objects");
            try (Serving s = serve("--config", EXAMPLES.resolve(c[0]).toString(), "--port", "0", "--admin-port", "0",
                    "--work-dir", tmp.resolve(c[0]).toString(), "--backend", "filesystem:" + objects);
                 S3Client s3 = client(s.server().endpoint(), c[1], c[2])) {
                s3.putObject(b -> b.bucket(c[3]).key(c[4]), RequestBody.fromBytes(data));
                assertArrayEquals(data, s3.getObjectAsBytes(b -> b.bucket(c[3]).key(c[4])).asByteArray(), c[0]);
                byte[] range = s3.getObjectAsBytes(b -> b.bucket(c[3]).key(c[4]).range("bytes=1000000-1999999"))
                        .asByteArray();
                assertArrayEquals(java.util.Arrays.copyOfRange(data, 1000000, 2000000), range, c[0]);
                assertTrue(storedSize(objects, c[3], c[4]) * 3 < data.length,
                        c[0] + ": stored " + storedSize(objects, c[3], c[4]) + " of " + data.length);
                assertEquals(1, s.server().metadata().activePolicies().size(), c[0]);
            }
        }
    }

    @Test
    void badSettingsStopItWithOneLineNamingTheSetting() throws Exception {
        Path typo = tmp.resolve("typo.yaml");
        Files.writeString(typo, "listen:\n  prot: 9000\n");
        String out = refused("--config", typo.toString());
        assertTrue(out.contains("unknown key 'listen.prot'") && out.contains("port"), out);

        Path badPort = tmp.resolve("port.yaml");
        Files.writeString(badPort, "listen:\n  port: 70000\n");
        out = refused("--config", badPort.toString());
        assertTrue(out.contains("listen.port must be between 0 and 65535, not 70000"), out);

        Path badBackend = tmp.resolve("backend.yaml");
        Files.writeString(badBackend, "backend:\n  type: ftp\n");
        out = refused("--config", badBackend.toString());
        assertTrue(out.contains("backend.type must be filesystem, transient or s3, not 'ftp'"), out);

        Path badPolicy = tmp.resolve("policy.yaml");
        Files.writeString(badPolicy, """
                listen: {port: 0, adminPort: -1}
                policies:
                  - {name: p, system: kafka, bucket: b, pipeline: [{name: no-such-streamlet}]}
                """);
        out = refused("--config", badPolicy.toString(), "--work-dir", tmp.resolve("bad-policy").toString(),
                "--backend", "transient");
        assertTrue(out.contains("no-such-streamlet"), out);

        out = refused("--config", tmp.resolve("missing.yaml").toString());
        assertTrue(out.contains("missing.yaml does not exist"), out);

        out = refused("--host", "0.0.0.0", "--port", "0", "--admin-port", "-1", "--backend", "transient",
                "--work-dir", tmp.resolve("exposed").toString());
        assertTrue(out.contains("refusing to listen on 0.0.0.0 with the built-in default secret key"), out);

        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1,
                java.net.InetAddress.getLoopbackAddress())) {
            out = refused("--port", Integer.toString(taken.getLocalPort()), "--admin-port", "-1", "--backend",
                    "transient", "--work-dir", tmp.resolve("taken").toString());
            assertTrue(out.contains("cannot start") && out.contains(Integer.toString(taken.getLocalPort())), out);
        }
    }

    @Test
    void flagsOverrideTheFileAndBeyondLoopbackAnOwnSecretIsAccepted() throws Exception {
        try (Serving s = serve("--config", EXAMPLES.resolve("kafka.yaml").toString(), "--host", "0.0.0.0",
                "--port", "0", "--admin-port", "-1", "--backend", "transient", "--secret-key", "an-own-secret",
                "--work-dir", tmp.resolve("w").toString());
             S3Client s3 = client(URI.create("http://127.0.0.1:" + s.server().endpoint().getPort()), "kafka",
                     "an-own-secret")) {
            s3.putObject(b -> b.bucket("kafka-tiered").key("k"), RequestBody.fromString("v"));
            assertEquals("v", s3.getObjectAsBytes(b -> b.bucket("kafka-tiered").key("k")).asUtf8String());
            try (S3Client fileSecret = client(URI.create("http://127.0.0.1:" + s.server().endpoint().getPort()),
                    "kafka", "change-me-kafka-secret")) {
                assertThrows(SdkException.class, () -> fileSecret.getObjectAsBytes(b -> b.bucket("kafka-tiered")
                        .key("k")));
            }
        }
    }

    @Test
    void stopLetsAnInFlightPutFinishAndItsObjectSurvivesARestart() throws Exception {
        byte[] data = logs(32 << 20);
        Path work = tmp.resolve("drain");
        String[] args = {"--config", EXAMPLES.resolve("pravega.yaml").toString(), "--port", "0", "--admin-port", "-1",
            "--work-dir", work.toString(), "--backend", "filesystem:" + work.resolve("objects")};
        String key = "scope/stream/0.#epoch.0.E-1-O-0.6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b";
        Serving s = serve(args);
        CountDownLatch halfSent = new CountDownLatch(1);
        CountDownLatch resume = new CountDownLatch(1);
        ContentStreamProvider paused = PausingBody.of(data, data.length / 2, halfSent, resume);
        try (S3Client s3 = client(s.server().endpoint(), "nexus", "nexus-secret")) {
            URI endpoint = s.server().endpoint();
            CompletableFuture<String> put = CompletableFuture.supplyAsync(() -> s3.putObject(
                    b -> b.bucket("pravega-lts").key(key),
                    RequestBody.fromContentProvider(paused, data.length, "application/octet-stream")).eTag());
            assertTrue(halfSent.await(60, TimeUnit.SECONDS), "the PUT started");
            CompletableFuture<Void> stop = CompletableFuture.runAsync(s.command()::stop);
            // the endpoint stops taking new connections while the PUT is still in flight
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                try (java.net.Socket socket = new java.net.Socket(endpoint.getHost(), endpoint.getPort())) {
                    return false;
                } catch (IOException refused) {
                    return true;
                }
            });
            assertFalse(put.isDone(), "the PUT is still in flight");
            resume.countDown();
            assertFalse(put.get(60, TimeUnit.SECONDS).isEmpty());
            stop.get(60, TimeUnit.SECONDS);
            assertEquals(0, s.exit().get(60, TimeUnit.SECONDS));
        }
        try (Serving again = serve(args);
             S3Client s3 = client(again.server().endpoint(), "nexus", "nexus-secret")) {
            assertArrayEquals(data, s3.getObjectAsBytes(b -> b.bucket("pravega-lts").key(key)).asByteArray());
        }
    }

    @Test
    void aNexusInFrontOfAnotherKeepsItsTagsInTheConfiguredTagBucket() throws Exception {
        Path config = tmp.resolve("front.yaml");
        try (Serving behind = serve("--port", "0", "--admin-port", "-1", "--backend", "filesystem:"
                + tmp.resolve("behind-objects"), "--work-dir", tmp.resolve("behind").toString())) {
            String frontYaml = """
                    listen: {port: 0, adminPort: -1}
                    backend:
                      type: s3
                      endpoint: %s
                      accessKey: nexus
                      secretKey: nexus-secret
                    buckets: [tiered]
                    """.formatted(behind.server().endpoint());
            // the default tag bucket is the one the Nexus behind keeps closed to S3 clients
            Files.writeString(config, frontYaml);
            String out = refused("--config", config.toString(), "--work-dir", tmp.resolve("front-default").toString());
            assertTrue(out.contains("cannot start") && out.contains("403"), out);

            Files.writeString(config, frontYaml.replace("secretKey: nexus-secret\n",
                    "secretKey: nexus-secret\n  tagBucket: front-tags\n"));
            try (Serving front = serve("--config", config.toString(), "--work-dir", tmp.resolve("front").toString());
                 S3Client s3 = client(front.server().endpoint(), "nexus", "nexus-secret");
                 S3Client behindS3 = client(behind.server().endpoint(), "nexus", "nexus-secret")) {
                s3.putObject(b -> b.bucket("tiered").key("k").tagging("tier=cold"), RequestBody.fromString("v"));
                assertEquals("v", behindS3.getObjectAsBytes(b -> b.bucket("tiered").key("k")).asUtf8String());
                assertEquals("tier=cold", s3.getObjectTagging(b -> b.bucket("tiered").key("k")).tagSet().stream()
                        .map(t -> t.key() + "=" + t.value()).findFirst().orElse(""));
                assertTrue(Files.isDirectory(tmp.resolve("behind-objects").resolve("front-tags")),
                        "the front's tags are in its own bucket behind");
            }
        }
    }

    @Test
    void workersServedWithRedisMetadataShareTheirPoliciesAndFormOneSwarmlet() throws Exception {
        Path config = tmp.resolve("swarm.yaml");
        Files.writeString(config, """
                listen: {port: 0, adminPort: -1}
                backend: {type: filesystem}
                swarmlet: {name: tier, secret: mesh-secret-1}
                buckets: [kafka-tiered]
                policies:
                  - name: kafka-zstd
                    system: kafka
                    bucket: kafka-tiered
                    pipeline: [{name: zstd}]
                """);
        try (RedisServer redis = RedisServer.start(Files.createDirectories(tmp.resolve("redis")))) {
            String url = "redis://127.0.0.1:" + redis.port() + "/serve-it";
            Path objects = tmp.resolve("shared-objects");
            try (Serving a = serve("--config", config.toString(), "--redis", url, "--work-dir",
                    tmp.resolve("a").toString(), "--backend", "filesystem:" + objects);
                 Serving b = serve("--config", config.toString(), "--redis", url, "--work-dir",
                         tmp.resolve("b").toString(), "--backend", "filesystem:" + objects)) {
                assertTrue(a.server().metadata().describe().contains("redis"), a.server().metadata().describe());
                // the second worker defined the identical policy: same version, one policy
                assertEquals(List.of("kafka-zstd@1"), b.server().metadata().activePolicies().stream()
                        .map(p -> p.id()).toList());
                await().atMost(Duration.ofSeconds(30)).until(() -> a.server().swarmletMembers().size() == 2);
                String key = "orders-AbCdEfGhIjKlMnOpQrStUv/0/00000000000000000000-QwErTyUiOpAsDfGhJkLzXc.log";
                byte[] data = logs(1 << 20);
                try (S3Client viaA = client(a.server().endpoint(), "nexus", "nexus-secret");
                     S3Client viaB = client(b.server().endpoint(), "nexus", "nexus-secret")) {
                    viaA.putObject(r -> r.bucket("kafka-tiered").key(key), RequestBody.fromBytes(data));
                    assertArrayEquals(data, viaB.getObjectAsBytes(r -> r.bucket("kafka-tiered").key(key))
                            .asByteArray());
                }
                assertTrue(storedSize(objects, "kafka-tiered", key) * 3 < data.length);
            }
        }
    }
}
