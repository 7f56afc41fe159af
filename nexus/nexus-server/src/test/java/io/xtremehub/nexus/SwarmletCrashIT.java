package io.xtremehub.nexus;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.cli.NexusCli;
import io.xtremehub.nexus.metadata.MetadataJson;
import io.xtremehub.nexus.metadata.RedisMetadataStore;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.nexus.streamlet.PipelineFactory;
import io.xtremehub.nexus.swarm.Member;
import io.xtremehub.nexus.swarm.PartitionRing;
import io.xtremehub.nexus.swarm.SwarmletConfig;
import io.xtremehub.nexus.swarm.SwarmletView;
import io.xtremehub.testkit.RedisServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A swarmlet of three workers labelled {@code edge}/{@code gpu}, sharing a real redis-server and
 * one backend: two in this JVM and one, {@code w3}, in a JVM of its own started from a YAML
 * config as {@code nexus serve}. {@code w3} is killed with SIGKILL while AWS SDK clients write
 * chunks of its partitions and others through the two survivors, with a stateful streamlet
 * ({@code partition-stats}) counting chunks and bytes per partition. The clients succeed, some
 * after retries; every partition's counters end exact (no chunk lost, none counted twice) and
 * each chunk is labelled with its place in its partition.
 */
class SwarmletCrashIT {
    private static final String SECRET = "crash-secret-1";
    private static final String NS = "crash";
    private static final String BUCKET = "lts";
    private static final int CHUNKS_PER_PARTITION = 12;

    @TempDir
    static Path tmp;
    static RedisServer redis;
    static final List<NexusServer> survivors = new ArrayList<>();
    static final List<RedisMetadataStore> stores = new ArrayList<>();
    static WorkerJvm victim;

    @BeforeAll
    static void start() throws Exception {
        redis = RedisServer.start(tmp);
        for (String id : List.of("w1", "w2")) {
            RedisMetadataStore store = new RedisMetadataStore("127.0.0.1", redis.port(), NS);
            stores.add(store);
            survivors.add(NexusServer.builder().backend(Backend.filesystem(tmp.resolve("backend")))
                    .workDir(tmp.resolve(id)).metadata(store)
                    .swarmlet(SwarmletConfig.builder("edge").secret(SECRET).workerId(id)
                            .livenessTtl(Duration.ofSeconds(2)).location("edge").hardware(List.of("gpu")).build())
                    .build().start());
        }
        victim = WorkerJvm.serve("""
                listen: {port: 0, adminPort: -1}
                backend: {type: filesystem, path: %s}
                metadata: {redis: "redis://127.0.0.1:%d/%s"}
                buckets: [%s]
                policies:
                  - name: stats
                    system: pravega
                    bucket: %s
                    keyGlob: "**"
                    pipeline: [{name: partition-stats}]
                swarmlet:
                  name: edge
                  secret: %s
                  workerId: w3
                  livenessTtlSeconds: 2
                  location: edge
                  hardware: [gpu]
                """.formatted(tmp.resolve("backend"), redis.port(), NS, BUCKET, BUCKET, SECRET), tmp.resolve("w3"));
        await().atMost(Duration.ofSeconds(90)).until(() -> {
            assertTrue(victim.alive(), () -> "w3 exited:\n" + victim.console());
            return survivors.stream().allMatch(s -> s.swarmletMembers().size() == 3)
                    && stores.get(0).activePolicies().size() == 1;
        });
    }

    @AfterAll
    static void stop() throws Exception {
        if (victim != null) {
            victim.close();
        }
        for (NexusServer s : survivors) {
            s.close();
        }
        stores.forEach(RedisMetadataStore::close);
        if (redis != null) {
            redis.close();
        }
    }

    /** A client that retries what Nexus says to retry for long enough to outlive a dead worker's lease. */
    static S3Client patientClient(NexusServer via) {
        return patientClient(via, new AtomicInteger());
    }

    /** A patient client counting the HTTP requests it sends (retries included). */
    static S3Client patientClient(NexusServer via, AtomicInteger attempts) {
        return patientClient(via.endpoint(), via.accessKey(), via.secretKey(), attempts);
    }

    /** A patient client of the S3 endpoint, counting the HTTP requests it sends (retries included). */
    static S3Client patientClient(URI endpoint, String accessKey, String secretKey, AtomicInteger attempts) {
        return S3Client.builder().endpointOverride(endpoint).region(Region.US_EAST_1).forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey,
                        secretKey)))
                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                        .maxAttempts(60).circuitBreakerEnabled(false)
                        .backoffStrategy(BackoffStrategy.exponentialDelay(Duration.ofMillis(50), Duration.ofMillis(500)))
                        .throttlingBackoffStrategy(BackoffStrategy.exponentialDelay(Duration.ofMillis(50),
                                Duration.ofMillis(500)))
                        .build())
                        .addExecutionInterceptor(new ExecutionInterceptor() {
                            @Override
                            public void beforeTransmission(Context.BeforeTransmission context,
                                                           ExecutionAttributes attributes) {
                                attempts.incrementAndGet();
                            }
                        }))
                .build();
    }

    static String chunkKey(int segment, int i) {
        return "scope/stream/" + segment + ".#epoch.0.E-1-O-" + (i * 100_000L) + "." + UUID.randomUUID();
    }

    static String partitionOf(String key) {
        return PipelineFactory.partitionKey(SystemType.PRAVEGA.layout().classify(key).orElseThrow()).orElseThrow();
    }

    /** Segments whose partitions w3 owns, and as many that the survivors own. */
    static List<Integer> segments(int each) {
        PartitionRing ring = new PartitionRing(List.of(new Member("w1", URI.create("http://w1:1")),
                new Member("w2", URI.create("http://w2:1")), new Member("w3", URI.create("http://w3:1"))));
        List<Integer> victims = new ArrayList<>();
        List<Integer> others = new ArrayList<>();
        for (int s = 0; victims.size() < each || others.size() < each; s++) {
            boolean ofVictim = ring.owner(partitionOf(chunkKey(s, 0))).id().equals("w3");
            List<Integer> into = ofVictim ? victims : others;
            if (into.size() < each) {
                into.add(s);
            }
        }
        victims.addAll(others);
        return victims;
    }

    static String cli(NexusServer admin, String... args) {
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            List<String> all = new ArrayList<>(List.of("--admin", admin.adminEndpoint().toString(), "--token",
                    admin.adminToken()));
            all.addAll(List.of(args));
            assertEquals(0, NexusCli.run(all.toArray(String[]::new)));
        } finally {
            System.setOut(out);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aKilledOwnersPartitionsMoveWithNeitherLostNorDoubleCountedState() throws Exception {
        String shown = cli(survivors.get(0), "swarmlet", "show", "edge");
        assertTrue(shown.contains("swarmlet edge  location=edge  hardware=gpu"), shown);
        assertTrue(shown.contains("worker w3  s3=http://127.0.0.1:") && shown.contains("worker w1"), shown);
        assertTrue(shown.lines().anyMatch(l -> l.matches(" {4}\\[[0-9a-f]{16}, [0-9a-f]{16}]")), shown);

        List<Integer> segments = segments(3);
        AtomicInteger written = new AtomicInteger();
        Map<Integer, List<byte[]>> data = new HashMap<>();
        Map<Integer, List<String>> keys = new HashMap<>();
        for (int s : segments) {
            Random random = new Random(s);
            List<byte[]> chunks = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (int i = 0; i < CHUNKS_PER_PARTITION; i++) {
                chunks.add(TestData.logLines(4_000 + random.nextInt(12_000), s * 1000L + i));
                names.add(chunkKey(s, i));
            }
            data.put(s, chunks);
            keys.put(s, names);
        }
        AtomicInteger attempts = new AtomicInteger();
        List<S3Client> clients = survivors.stream().map(s -> patientClient(s, attempts)).toList();
        int total = segments.size() * CHUNKS_PER_PARTITION;
        int atKill;
        ExecutorService writers = Executors.newFixedThreadPool(segments.size());
        try {
            // one writer per partition, in order, as a tiering system writes; through both survivors in turn
            List<Future<?>> done = new ArrayList<>();
            for (int s : segments) {
                done.add(writers.submit(() -> {
                    for (int i = 0; i < CHUNKS_PER_PARTITION; i++) {
                        String key = keys.get(s).get(i);
                        clients.get(i % 2).putObject(r -> r.bucket(BUCKET).key(key),
                                RequestBody.fromBytes(data.get(s).get(i)));
                        written.incrementAndGet();
                    }
                    return null;
                }));
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> written.get() >= total / 3);
            victim.kill();
            atKill = written.get();
            for (Future<?> f : done) {
                f.get(); // every PUT succeeded, some after retries
            }
        } finally {
            writers.shutdownNow();
        }
        // the dead worker's lease ran out: it is no member any more
        await().atMost(Duration.ofSeconds(30)).until(() -> survivors.stream()
                .allMatch(s -> s.swarmletMembers().equals(List.of("w1", "w2"))));
        SwarmletView edge = survivors.get(1).swarmletDirectory().orElseThrow().find("edge").orElseThrow();
        assertEquals(List.of("w1", "w2"), edge.workers().stream().map(SwarmletView.Worker::id).toList());

        for (int s : segments) {
            String partition = partitionOf(keys.get(s).get(0));
            String stateKey = "stats/0/partition-stats/" + partition;
            Map<?, ?> state = MetadataJson.read(stores.get(0).readState(List.of(stateKey)).get(stateKey).json(),
                    Map.class);
            long bytes = data.get(s).stream().mapToLong(d -> d.length).sum();
            assertEquals(CHUNKS_PER_PARTITION, ((Number) state.get("chunks")).intValue(), "chunks of " + partition);
            assertEquals(bytes, ((Number) state.get("bytes")).longValue(), "bytes of " + partition);
            // labels are stored after a PUT is acknowledged: a chunk the killed worker acknowledged may have none
            await().atMost(Duration.ofSeconds(20)).until(() ->
                    checkLabels(clients.get(0), BUCKET, keys.get(s), data.get(s)) >= CHUNKS_PER_PARTITION / 2);
        }
        clients.forEach(S3Client::close);
        System.out.printf("w3 killed after %d of %d PUTs; the clients sent %d requests for them%n", atKill, total,
                attempts.get());
    }

    /**
     * Each labelled chunk of a partition (written in this order) says its place in the partition:
     * sequence number and byte offset. Returns how many chunks have labels.
     */
    static int checkLabels(S3Client client, String bucket, List<String> keys, List<byte[]> data) {
        long offset = 0;
        int labelled = 0;
        for (int i = 0; i < keys.size(); i++) {
            String key = keys.get(i);
            Map<String, String> tags = new HashMap<>();
            client.getObjectTagging(r -> r.bucket(bucket).key(key)).tagSet().forEach(t -> tags.put(t.key(), t.value()));
            if (tags.containsKey("nexus:chunk-seq")) {
                labelled++;
                assertEquals(Integer.toString(i + 1), tags.get("nexus:chunk-seq"), key);
                assertEquals(Long.toString(offset), tags.get("nexus:partition-offset"), key);
            }
            offset += data.get(i).length;
        }
        return labelled;
    }

    @Test
    void aWorkerWithOtherLabelsCannotJoinTheSwarmlet() throws Exception {
        try (RedisMetadataStore store = new RedisMetadataStore("127.0.0.1", redis.port(), NS)) {
            NexusServer.Builder cloud = NexusServer.builder().workDir(tmp.resolve("w4")).metadata(store).adminPort(-1)
                    .swarmlet(SwarmletConfig.builder("edge").secret(SECRET).workerId("w4").location("cloud").build());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> cloud.build().start());
            assertTrue(e.getMessage().startsWith("worker w4 cannot join swarmlet 'edge' with location=cloud"
                    + " hardware=none: its live worker"), e.getMessage());
            assertTrue(survivors.stream().noneMatch(s -> s.swarmletMembers().contains("w4")));
        }
    }
}
