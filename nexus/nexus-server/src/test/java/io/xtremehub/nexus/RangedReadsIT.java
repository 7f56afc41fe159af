package io.xtremehub.nexus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.testkit.S3Clients;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * Ranged reads of compressed and encrypted objects: right bytes for any range, one backend read
 * per range once the object is known, never a stale index after an overwrite or a delete (by this
 * worker or by another one on the same backend), and the cache's read-ahead for sequential readers.
 */
class RangedReadsIT {
    private static final String AES_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

    @TempDir
    static Path tmp;
    static NexusServer nexus;
    static NexusServer other;
    static S3Client s3;
    static S3Client otherS3;

    @BeforeAll
    static void start() throws Exception {
        Path backend = tmp.resolve("backend");
        nexus = NexusServer.builder().backend(Backend.filesystem(backend)).workDir(tmp.resolve("w1")).build().start();
        // a second worker on the same backend: its writes are what this worker's caches must notice
        other = NexusServer.builder().backend(Backend.filesystem(backend)).workDir(tmp.resolve("w2")).build().start();
        for (NexusServer n : List.of(nexus, other)) {
            n.definePolicy(policy("zsb", List.of(new StreamletRef("zstd", Map.of("blockSize", "65536")))));
            n.definePolicy(policy("enc", List.of(new StreamletRef("aes-gcm", Map.of("key", AES_KEY, "blockSize", "65536")))));
            n.definePolicy(policy("both", List.of(new StreamletRef("zstd", Map.of("blockSize", "65536")),
                    new StreamletRef("aes-gcm", Map.of("key", AES_KEY)))));
            n.definePolicy(policy("ahead", List.of(
                    new StreamletRef("cache", Map.of("maxObjectBytes", "8388608", "readAhead", "3145728")),
                    new StreamletRef("zstd", Map.of("blockSize", "65536")))));
        }
        s3 = S3Clients.sync(nexus.endpoint(), nexus.accessKey(), nexus.secretKey());
        otherS3 = S3Clients.sync(other.endpoint(), other.accessKey(), other.secretKey());
        for (String b : List.of("zsb", "enc", "both", "ahead")) {
            s3.createBucket(r -> r.bucket(b));
        }
    }

    private static Policy policy(String bucket, List<StreamletRef> pipeline) {
        return new Policy(bucket, 0, SystemType.GENERIC, bucket, "**", pipeline, List.of());
    }

    @AfterAll
    static void stop() throws Exception {
        s3.close();
        otherS3.close();
        other.close();
        nexus.close();
    }

    private static byte[] logs(int size, long seed) {
        StringBuilder b = new StringBuilder();
        Random r = new Random(seed);
        while (b.length() < size) {
            b.append("2026-11-23 01:").append(r.nextInt(60)).append(" WARN ReplicaFetcher partition=")
                    .append(r.nextInt(64)).append(" offset=").append(r.nextLong()).append('\n');
        }
        return b.substring(0, size).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] range(S3Client client, String bucket, String key, long first, long last) {
        return client.getObjectAsBytes(b -> b.bucket(bucket).key(key).range("bytes=" + first + "-" + last))
                .asByteArray();
    }

    private static double backendReads(String policy) {
        return PrometheusText.value(nexus.metrics().scrape(), "nexus_backend_reads_total", "policy", policy);
    }

    @Test
    void anyRangeIsRightAndAKnownObjectCostsOneBackendReadPerRange() {
        for (String bucket : List.of("zsb", "enc", "both")) {
            byte[] data = logs(3 << 20, bucket.hashCode());
            s3.putObject(b -> b.bucket(bucket).key("obj"), RequestBody.fromBytes(data));
            Random r = new Random(1);
            long[][] ranges = {{0, 0}, {0, 65535}, {65535, 65536}, {data.length - 1, data.length - 1},
                {100_000, 1_200_000}, {0, data.length - 1}};
            for (long[] g : ranges) {
                assertArrayEquals(Arrays.copyOfRange(data, (int) g[0], (int) g[1] + 1),
                        range(s3, bucket, "obj", g[0], g[1]), bucket + " " + g[0] + "-" + g[1]);
            }
            double before = backendReads(bucket);
            for (int i = 0; i < 20; i++) {
                int first = r.nextInt(data.length - 1);
                int last = Math.min(data.length - 1, first + r.nextInt(300_000));
                assertArrayEquals(Arrays.copyOfRange(data, first, last + 1), range(s3, bucket, "obj", first, last),
                        bucket + " " + first + "-" + last);
            }
            assertEquals(20, backendReads(bucket) - before, bucket + ": backend reads for 20 ranged GETs");
        }
    }

    @Test
    void anOverwriteThroughThisWorkerIsReadAfresh() {
        for (String bucket : List.of("zsb", "enc")) {
            byte[] a = logs(1 << 20, 11);
            byte[] b = logs((1 << 20) + 12345, 12);
            s3.putObject(r -> r.bucket(bucket).key("over"), RequestBody.fromBytes(a));
            assertArrayEquals(Arrays.copyOfRange(a, 70_000, 900_000), range(s3, bucket, "over", 70_000, 899_999));
            s3.putObject(r -> r.bucket(bucket).key("over"), RequestBody.fromBytes(b));
            assertArrayEquals(Arrays.copyOfRange(b, 70_000, 1_060_000), range(s3, bucket, "over", 70_000, 1_059_999),
                    bucket);
        }
    }

    @Test
    void anOverwriteOrDeleteByAnotherWorkerIsNoticed() {
        for (String bucket : List.of("zsb", "enc", "both")) {
            byte[] a = logs(2 << 20, 21);
            byte[] b = logs(1 << 20, 22); // shorter: the old index would point past its end
            s3.putObject(r -> r.bucket(bucket).key("shared"), RequestBody.fromBytes(a));
            assertArrayEquals(Arrays.copyOfRange(a, 500_000, 600_000), range(s3, bucket, "shared", 500_000, 599_999));
            assertArrayEquals(Arrays.copyOfRange(a, 10, 20), range(s3, bucket, "shared", 10, 19));

            otherS3.putObject(r -> r.bucket(bucket).key("shared"), RequestBody.fromBytes(b));
            assertArrayEquals(Arrays.copyOfRange(b, 500_000, 600_000), range(s3, bucket, "shared", 500_000, 599_999),
                    bucket + ": read after another worker's overwrite");

            otherS3.deleteObject(r -> r.bucket(bucket).key("shared"));
            assertThrows(NoSuchKeyException.class, () -> range(s3, bucket, "shared", 0, 99), bucket);
        }
    }

    @Test
    void sequentialRangesAreServedFromTheReadAheadWindowWithFewerBackendReads() {
        byte[] data = logs(12 << 20, 31);
        s3.putObject(r -> r.bucket("ahead").key("segment"), RequestBody.fromBytes(data)); // larger than maxObjectBytes
        s3.putObject(r -> r.bucket("zsb").key("segment"), RequestBody.fromBytes(data));
        int mib = 1 << 20;
        double aheadBefore = backendReads("ahead");
        double plainBefore = backendReads("zsb");
        for (int i = 0; i < 12; i++) {
            long first = (long) i * mib;
            for (String bucket : List.of("ahead", "zsb")) {
                assertArrayEquals(Arrays.copyOfRange(data, (int) first, (int) first + mib),
                        range(s3, bucket, "segment", first, first + mib - 1), bucket + " at " + first);
            }
        }
        double ahead = backendReads("ahead") - aheadBefore;
        double plain = backendReads("zsb") - plainBefore;
        // 12 ranges: one cold read of the object (metadata, then footer and index in one read of its tail,
        // then frames) and 11 known ones; with a 3 MiB read-ahead only every fourth range goes to the backend
        assertEquals(14, plain, "backend reads without read-ahead");
        assertEquals(5, ahead, "backend reads with read-ahead");

        // a reader jumping around does not trigger read-ahead: each range is read on its own
        double before = backendReads("ahead");
        assertArrayEquals(Arrays.copyOfRange(data, 7 * mib + 5, 7 * mib + 105),
                range(s3, "ahead", "segment", 7L * mib + 5, 7L * mib + 104));
        assertArrayEquals(Arrays.copyOfRange(data, 2 * mib + 5, 2 * mib + 105),
                range(s3, "ahead", "segment", 2L * mib + 5, 2L * mib + 104));
        assertTrue(backendReads("ahead") - before <= 2);
    }
}
