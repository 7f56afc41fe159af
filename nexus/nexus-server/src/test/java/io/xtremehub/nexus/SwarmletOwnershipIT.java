package io.xtremehub.nexus;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.metadata.MetadataJson;
import io.xtremehub.nexus.metadata.RedisMetadataStore;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.nexus.swarm.Member;
import io.xtremehub.nexus.swarm.PartitionRing;
import io.xtremehub.nexus.swarm.SwarmletConfig;
import io.xtremehub.testkit.RedisServer;
import io.xtremehub.testkit.S3Clients;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Partition ownership moving to a worker that joins a swarmlet (two workers, then a third, all in
 * this JVM, on a real redis-server): the stateful streamlet's per-partition counters stay exact
 * while clients keep writing, and a chunk still being processed by the partition's old owner when
 * the new owner took the partition over is fenced: the client is told to retry (503 SlowDown)
 * instead of being acknowledged, and its retry counts once.
 */
class SwarmletOwnershipIT {
    private static final String SECRET = "ownership-secret";
    private static final String NS = "ownership";

    @TempDir
    static Path tmp;
    static RedisServer redis;
    static final List<NexusServer> workers = new ArrayList<>();
    static final List<RedisMetadataStore> stores = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        redis = RedisServer.start(tmp);
        workers.add(worker("w1"));
        workers.add(worker("w2"));
        for (String bucket : List.of("join", "fence", "replay")) {
            workers.get(0).definePolicy(new Policy(bucket, 0, SystemType.PRAVEGA, bucket, "**",
                    List.of(new StreamletRef("partition-stats", Map.of())), List.of()));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> workers.stream()
                .allMatch(w -> w.swarmletMembers().size() == 2 && w.metadata().activePolicies().size() == 3));
    }

    @AfterAll
    static void stop() throws Exception {
        for (NexusServer w : workers) {
            w.close();
        }
        stores.forEach(RedisMetadataStore::close);
        if (redis != null) {
            redis.close();
        }
    }

    @BeforeEach
    void twoWorkers() {
        await().atMost(Duration.ofSeconds(30)).until(() -> workers.get(0).swarmletMembers().equals(List.of("w1", "w2"))
                && workers.get(1).swarmletMembers().equals(List.of("w1", "w2")));
    }

    static NexusServer worker(String id) throws Exception {
        RedisMetadataStore store = new RedisMetadataStore("127.0.0.1", redis.port(), NS);
        stores.add(store);
        return NexusServer.builder().backend(Backend.filesystem(tmp.resolve("backend"))).workDir(tmp.resolve(id))
                .metadata(store).adminPort(-1)
                .swarmlet(SwarmletConfig.builder("cloud").secret(SECRET).workerId(id).location("cloud").build())
                .build().start();
    }

    static PartitionRing ring(String... ids) {
        List<Member> members = new ArrayList<>();
        for (String id : ids) {
            members.add(new Member(id, URI.create("http://" + id + ":1")));
        }
        return new PartitionRing(members);
    }

    /** The partition-stats state of a partition, under the policy named after the bucket. */
    static Map<?, ?> state(String bucket, String partition) {
        String key = bucket + "/0/partition-stats/" + partition;
        return MetadataJson.read(stores.get(0).readState(List.of(key)).get(key).json(), Map.class);
    }

    static void awaitMembers(List<String> ids) {
        await().atMost(Duration.ofSeconds(30)).until(() -> workers.stream().allMatch(w -> w.swarmletMembers().equals(ids)));
    }

    @Test
    void aJoiningWorkerTakesPartitionsOverWhileClientsWrite() throws Exception {
        String bucket = "join";
        int perPartition = 12;
        // two partitions the joining worker w4 will own, two it will not
        PartitionRing after = ring("w1", "w2", "w4");
        List<Integer> moving = new ArrayList<>();
        List<Integer> staying = new ArrayList<>();
        for (int s = 0; moving.size() < 2 || staying.size() < 2; s++) {
            boolean moves = after.owner(SwarmletCrashIT.partitionOf(SwarmletCrashIT.chunkKey(s, 0))).id().equals("w4");
            List<Integer> into = moves ? moving : staying;
            if (into.size() < 2) {
                into.add(s);
            }
        }
        List<Integer> segments = new ArrayList<>(moving);
        segments.addAll(staying);
        Map<Integer, List<String>> keys = new HashMap<>();
        Map<Integer, List<byte[]>> data = new HashMap<>();
        for (int s : segments) {
            List<String> k = new ArrayList<>();
            List<byte[]> d = new ArrayList<>();
            Random random = new Random(s);
            for (int i = 0; i < perPartition; i++) {
                k.add(SwarmletCrashIT.chunkKey(s, i));
                d.add(TestData.logLines(4_000 + random.nextInt(8_000), s * 100L + i));
            }
            keys.put(s, k);
            data.put(s, d);
        }
        List<S3Client> clients = workers.stream().map(SwarmletCrashIT::patientClient).toList();
        clients.get(0).createBucket(r -> r.bucket(bucket));
        AtomicInteger written = new AtomicInteger();
        ExecutorService writers = Executors.newFixedThreadPool(segments.size());
        NexusServer joining = null;
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int s : segments) {
                done.add(writers.submit(() -> {
                    for (int i = 0; i < perPartition; i++) {
                        String key = keys.get(s).get(i);
                        clients.get(i % 2).putObject(r -> r.bucket(bucket).key(key), RequestBody.fromBytes(data.get(s).get(i)));
                        written.incrementAndGet();
                    }
                    return null;
                }));
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> written.get() >= segments.size() * perPartition / 3);
            joining = worker("w4");
            for (Future<?> f : done) {
                f.get();
            }
            for (int s : segments) {
                String partition = SwarmletCrashIT.partitionOf(keys.get(s).get(0));
                assertEquals(perPartition, ((Number) state(bucket, partition).get("chunks")).intValue(), partition);
                assertEquals(data.get(s).stream().mapToLong(d -> d.length).sum(),
                        ((Number) state(bucket, partition).get("bytes")).longValue(), partition);
                List<String> k = keys.get(s);
                await().atMost(Duration.ofSeconds(20)).until(() ->
                        SwarmletCrashIT.checkLabels(clients.get(1), bucket, k, data.get(s)) == perPartition);
            }
        } finally {
            writers.shutdownNow();
            clients.forEach(S3Client::close);
            if (joining != null) {
                joining.close();
            }
        }
    }

    @Test
    void aChunkTheOldOwnerStillProcessesWhenOwnershipMovesIsFencedAndRetriedOnce() throws Exception {
        String bucket = "fence";
        // a partition w1 owns now and w3 owns once it joined
        int segment = 0;
        while (!ring("w1", "w2").owner(partition(segment)).id().equals("w1")
                || !ring("w1", "w2", "w3").owner(partition(segment)).id().equals("w3")) {
            segment++;
        }
        String partition = partition(segment);
        int seg = segment;
        String first = SwarmletCrashIT.chunkKey(seg, 0);
        String stale = SwarmletCrashIT.chunkKey(seg, 1);
        String third = SwarmletCrashIT.chunkKey(seg, 2);
        byte[] small = TestData.logLines(5_000, 1);
        byte[] big = TestData.logLines(8 << 20, 2);
        NexusServer joining = null;
        try (S3Client viaW2 = S3Clients.sync(workers.get(1).endpoint(), "nexus", "nexus-secret");
             S3Client toW1Once = S3Client.builder().endpointOverride(workers.get(0).endpoint())
                     .region(software.amazon.awssdk.regions.Region.US_EAST_1).forcePathStyle(true)
                     .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                             software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("nexus", "nexus-secret")))
                     .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())).build()) {
            viaW2.createBucket(r -> r.bucket(bucket));
            viaW2.putObject(r -> r.bucket(bucket).key(first), RequestBody.fromBytes(small)); // w1 processes it

            // w1 starts processing the next chunk, whose body arrives slowly
            CountDownLatch mostlySent = new CountDownLatch(1);
            CountDownLatch resume = new CountDownLatch(1);
            CompletableFuture<String> slow = CompletableFuture.supplyAsync(() -> toW1Once.putObject(
                    r -> r.bucket(bucket).key(stale),
                    RequestBody.fromContentProvider(PausingBody.of(big, big.length / 4 * 3, mostlySent, resume), big.length,
                            "application/octet-stream")).eTag());
            assertTrue(mostlySent.await(60, TimeUnit.SECONDS));

            // w3 joins and takes the partition over: the next chunk is processed by w3 on the state w1 left
            joining = worker("w3");
            workers.add(joining);
            awaitMembers(List.of("w1", "w2", "w3"));
            viaW2.putObject(r -> r.bucket(bucket).key(third), RequestBody.fromBytes(small));
            assertEquals(2, ((Number) state(bucket, partition).get("chunks")).intValue());

            // w1 finishes its chunk and may not write the partition's state: the client must retry
            resume.countDown();
            ExecutionException failed = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    () -> slow.get(60, TimeUnit.SECONDS));
            S3Exception refused = (S3Exception) failed.getCause();
            assertEquals(503, refused.statusCode(), refused.getMessage());
            assertEquals("SlowDown", refused.awsErrorDetails().errorCode());
            assertEquals(2, ((Number) state(bucket, partition).get("chunks")).intValue(), "the fenced chunk left no trace");

            viaW2.putObject(r -> r.bucket(bucket).key(stale), RequestBody.fromBytes(big)); // the retry, at w3
            Map<?, ?> after = state(bucket, partition);
            assertEquals(3, ((Number) after.get("chunks")).intValue());
            assertEquals(2L * small.length + big.length, ((Number) after.get("bytes")).longValue());
            await().atMost(Duration.ofSeconds(20)).until(() -> "3".equals(tag(viaW2, bucket, stale))
                    && "2".equals(tag(viaW2, bucket, third)) && "1".equals(tag(viaW2, bucket, first)));
        } finally {
            if (joining != null) {
                workers.remove(joining);
                joining.close();
            }
        }
    }

    @Test
    void aChunkAppliedButNeverAcknowledgedCountsOnceWhenRetried() throws Exception {
        String bucket = "replay";
        String lost = SwarmletCrashIT.chunkKey(7, 1);
        AtomicInteger answersLost = new AtomicInteger();
        // the first answer to the second chunk is lost on its way back, as when its worker dies after storing it
        ExecutionInterceptor loseFirstAnswer = new ExecutionInterceptor() {
            @Override
            public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context,
                                                      ExecutionAttributes attributes) {
                if (context.httpRequest().encodedPath().endsWith(lost.substring(lost.lastIndexOf('.')))
                        && answersLost.getAndIncrement() == 0) {
                    return context.httpResponse().toBuilder().statusCode(503).build();
                }
                return context.httpResponse();
            }
        };
        List<String> keys = List.of(SwarmletCrashIT.chunkKey(7, 0), lost, SwarmletCrashIT.chunkKey(7, 2));
        List<byte[]> data = List.of(TestData.logLines(3_000, 1), TestData.logLines(4_000, 2),
                TestData.logLines(5_000, 3));
        try (S3Client client = S3Client.builder().endpointOverride(workers.get(1).endpoint())
                .region(software.amazon.awssdk.regions.Region.US_EAST_1).forcePathStyle(true)
                .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                        software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("nexus", "nexus-secret")))
                .overrideConfiguration(o -> o.addExecutionInterceptor(loseFirstAnswer)).build()) {
            client.createBucket(r -> r.bucket(bucket));
            for (int i = 0; i < keys.size(); i++) {
                String key = keys.get(i);
                client.putObject(r -> r.bucket(bucket).key(key), RequestBody.fromBytes(data.get(i)));
            }
            assertEquals(2, answersLost.get(), "the chunk was sent twice");
            String partition = SwarmletCrashIT.partitionOf(lost);
            assertEquals(3, ((Number) state(bucket, partition).get("chunks")).intValue());
            assertEquals(12_000, ((Number) state(bucket, partition).get("bytes")).longValue());
            await().atMost(Duration.ofSeconds(20)).until(() ->
                    SwarmletCrashIT.checkLabels(client, bucket, keys, data) == keys.size());
        }
    }

    static String partition(int segment) {
        return SwarmletCrashIT.partitionOf(SwarmletCrashIT.chunkKey(segment, 0));
    }

    static String tag(S3Client client, String bucket, String key) {
        return client.getObjectTagging(r -> r.bucket(bucket).key(key)).tagSet().stream()
                .filter(t -> t.key().equals("nexus:chunk-seq")).map(t -> t.value()).findFirst().orElse(null);
    }
}
