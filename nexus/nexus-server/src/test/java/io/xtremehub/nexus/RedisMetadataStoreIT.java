package io.xtremehub.nexus;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.metadata.RedisMetadataStore;
import io.xtremehub.nexus.metadata.StateClaim;
import io.xtremehub.nexus.metadata.StateConcurrency;
import io.xtremehub.nexus.metadata.StateFencedException;
import io.xtremehub.nexus.metadata.StoredState;
import io.xtremehub.nexus.metadata.StreamletRegistration;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.testkit.RedisServer;
import io.xtremehub.testkit.S3Clients;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/** The Redis metadata store against a real redis-server: versions, pub/sub invalidation across workers. */
class RedisMetadataStoreIT {
    @TempDir
    static Path tmp;
    static RedisServer redis;

    @BeforeAll
    static void start() throws Exception {
        redis = RedisServer.start(tmp);
    }

    @AfterAll
    static void stop() throws Exception {
        redis.close();
    }

    static Policy policy(String name, String bucket, String streamlet) {
        return new Policy(name, 0, SystemType.GENERIC, bucket, "**", List.of(new StreamletRef(streamlet, Map.of())),
                List.of());
    }

    @Test
    void versionsAreKeptAndOtherWorkersCachesAreInvalidated() {
        try (RedisMetadataStore a = new RedisMetadataStore("127.0.0.1", redis.port(), "t1");
             RedisMetadataStore b = new RedisMetadataStore("127.0.0.1", redis.port(), "t1")) {
            AtomicInteger heardByB = new AtomicInteger();
            b.addListener(heardByB::incrementAndGet);
            assertTrue(b.activePolicies().isEmpty()); // fills b's cache
            Policy v1 = a.definePolicy(policy("p", "bkt", "gzip"));
            assertEquals(1, v1.version());
            await().atMost(Duration.ofSeconds(10)).until(() -> b.activePolicies().size() == 1);
            assertTrue(heardByB.get() >= 1);
            Policy v2 = a.definePolicy(policy("p", "bkt", "zstd"));
            assertEquals(2, v2.version());
            assertEquals(2, b.definePolicy(policy("p", "bkt", "zstd")).version(), "identical: no new version");
            await().atMost(Duration.ofSeconds(10)).until(() -> b.activePolicies().get(0).version() == 2);
            assertEquals("gzip", b.policy("p", 1).orElseThrow().pipeline().get(0).name());
            assertTrue(a.deletePolicy("p"));
            assertFalse(a.deletePolicy("p"));
            await().atMost(Duration.ofSeconds(10)).until(() -> b.activePolicies().isEmpty());
            assertEquals("zstd", b.policy("p", 2).orElseThrow().pipeline().get(0).name(), "retired versions stay readable");
            a.registerStreamlet(new StreamletRegistration("x", 1, "demo.X", "/tmp/x.jar", "00"));
            await().atMost(Duration.ofSeconds(10)).until(() -> b.streamlets().size() == 1);
        }
    }

    @Test
    void workersDefiningTheSamePolicyAtOnceCreateOneVersion() throws Exception {
        try (RedisMetadataStore a = new RedisMetadataStore("127.0.0.1", redis.port(), "t3");
             RedisMetadataStore b = new RedisMetadataStore("127.0.0.1", redis.port(), "t3")) {
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
            try {
                List<java.util.concurrent.Future<Long>> versions = new java.util.ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    RedisMetadataStore store = i % 2 == 0 ? a : b;
                    versions.add(pool.submit(() -> store.definePolicy(policy("same", "bkt", "zstd")).version()));
                }
                for (var v : versions) {
                    assertEquals(1L, v.get());
                }
            } finally {
                pool.shutdownNow();
            }
            assertTrue(a.policy("same", 2).isEmpty());
            assertTrue(a.deletePolicy("same"));
            assertEquals(1, b.definePolicy(policy("same", "bkt", "zstd")).version(), "reactivated");
            await().atMost(Duration.ofSeconds(10)).until(() -> a.activePolicies().size() == 1);
        }
    }

    @Test
    void twoNexusWorkersShareOnePolicyThroughRedis() throws Exception {
        Path backend = Files.createDirectories(tmp.resolve("shared-backend"));
        try (RedisMetadataStore ma = new RedisMetadataStore("127.0.0.1", redis.port(), "t2");
             RedisMetadataStore mb = new RedisMetadataStore("127.0.0.1", redis.port(), "t2");
             NexusServer a = NexusServer.builder().backend(Backend.filesystem(backend)).metadata(ma)
                     .workDir(tmp.resolve("wa")).build().start();
             NexusServer b = NexusServer.builder().backend(Backend.filesystem(backend)).metadata(mb)
                     .workDir(tmp.resolve("wb")).build().start();
             S3Client sa = S3Clients.sync(a.endpoint(), a.accessKey(), a.secretKey());
             S3Client sb = S3Clients.sync(b.endpoint(), b.accessKey(), b.secretKey())) {
            sa.createBucket(r -> r.bucket("shared"));
            assertTrue(mb.activePolicies().isEmpty());
            a.definePolicy(policy("shared-zstd", "shared", "zstd"));
            await().atMost(Duration.ofSeconds(10)).until(() -> mb.activePolicies().size() == 1);
            byte[] data = TestData.logLines(400_000, 31);
            sb.putObject(r -> r.bucket("shared").key("chunk"), RequestBody.fromBytes(data));
            assertTrue(Files.size(backend.resolve("shared").resolve("chunk")) * 3 < data.length,
                    "worker b applied the policy defined on worker a");
            assertArrayEquals(data, sa.getObjectAsBytes(r -> r.bucket("shared").key("chunk")).asByteArray());
        }
    }

    @Test
    void aWorkerThatLostAPartitionCannotWriteItsState() {
        try (RedisMetadataStore a = new RedisMetadataStore("127.0.0.1", redis.port(), "fence");
             RedisMetadataStore b = new RedisMetadataStore("127.0.0.1", redis.port(), "fence")) {
            StateFencing.staleClaimsCannotWrite(a, b, "stats|scope/stream/0");
        }
    }

    @Test
    void optimisticStateIsWrittenOnlyOverTheVersionItWasReadAt() {
        String unit = "stats|scope/stream/1";
        String key = unit + "/state";
        try (RedisMetadataStore a = new RedisMetadataStore("127.0.0.1", redis.port(), "occ", StateConcurrency.OPTIMISTIC);
             RedisMetadataStore b = new RedisMetadataStore("127.0.0.1", redis.port(), "occ", StateConcurrency.OPTIMISTIC)) {
            StateClaim readByA = a.claimState(unit, "worker-a", List.of(key));
            StateClaim readByB = b.claimState(unit, "worker-b", List.of(key));
            assertEquals(readByA.epoch(), readByB.epoch(), "reading takes nothing over");

            long next = a.saveState(unit, readByA.epoch(), Map.of(key, new StoredState("{\"n\":1}", "b/c1", "{}")));
            StateFencedException conflict = assertThrows(StateFencedException.class, () -> b.saveState(unit,
                    readByB.epoch(), Map.of(key, new StoredState("{\"n\":1}", "b/c2", "{}"))));
            assertTrue(conflict.getMessage().contains("another worker wrote"), conflict.getMessage());
            assertEquals(1, b.stateConflicts());
            assertEquals(new StoredState("{\"n\":1}", "b/c1", "{}"), b.readState(List.of(key)).get(key));

            // the retry reads again and applies its chunk to the newer state; A's own next write needs the new version
            StateClaim again = b.claimState(unit, "worker-b", List.of(key));
            assertEquals(next, again.epoch());
            b.saveState(unit, again.epoch(), Map.of(key, new StoredState("{\"n\":2}", "b/c2", "{\"n\":1}")));
            assertThrows(StateFencedException.class, () -> a.saveState(unit, next,
                    Map.of(key, new StoredState("{\"n\":2}", "b/c3", "{\"n\":1}"))));
            assertEquals("{\"n\":2}", a.readState(List.of(key)).get(key).json());
        }
    }
}
