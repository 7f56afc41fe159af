package io.xtremehub.nexus;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.marker.MarkerTrailer;
import io.xtremehub.nexus.marker.MarkerTrailerBlobStore;
import io.xtremehub.nexus.marker.ObjectMarker;
import io.xtremehub.nexus.metadata.MetadataJson;
import io.xtremehub.nexus.metadata.RedisMetadataStore;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.nexus.swarm.SwarmletConfig;
import io.xtremehub.testkit.RedisServer;
import io.xtremehub.testkit.S3Clients;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Pipelines whose steps are pinned to locations, across three swarmlets in this JVM on a real
 * redis-server, each with its own filesystem backend: {@code edge}, {@code cloud} and
 * {@code cloud-gpu} (location cloud, labelled gpu). Clients talk to the edge with the AWS SDK; the
 * intermediate bytes stream to the cloud over the mesh, which stores; reads at the edge are served
 * by the storing swarmlet. The client cannot tell: sizes, ETags and bytes are its own.
 */
class SwarmletHopsIT {
    private static final String SECRET = "hops-secret";
    private static final String NS = "hops";
    private static final String AES_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    /** Xors every byte, and declares that it needs a gpu. */
    static final String GPU_XOR = """
            package demo.gpu;
            import io.xtremehub.nexus.api.*;
            import java.io.*;
            @StreamletInfo(name = "gpu-xor", type = StreamletType.TRANSFORMER, hardware = {"gpu"})
            public class GpuXor implements ByteStreamlet {
                @Override public InputStream processPutBytes(InputStream in, StreamletContext c) { return xor(in); }
                @Override public InputStream processGetBytes(InputStream in, StreamletContext c) { return xor(in); }
                private static InputStream xor(InputStream in) {
                    return new FilterInputStream(in) {
                        @Override public int read() throws IOException {
                            int b = super.read();
                            return b < 0 ? b : (b ^ 0x5a);
                        }
                        @Override public int read(byte[] b, int off, int len) throws IOException {
                            int n = super.read(b, off, len);
                            for (int i = off; i < off + n; i++) {
                                b[i] ^= 0x5a;
                            }
                            return n;
                        }
                    };
                }
            }
            """;

    @TempDir
    static Path tmp;
    static RedisServer redis;
    static final Map<String, NexusServer> workers = new LinkedHashMap<>();
    static final List<RedisMetadataStore> stores = new ArrayList<>();
    static S3Client edge;
    static S3Client cloud;

    @BeforeAll
    static void start() throws Exception {
        redis = RedisServer.start(tmp);
        workers.put("edge", worker("edge", "e1", "edge", List.of()));
        workers.put("cloud", worker("cloud", "c1", "cloud", List.of()));
        workers.put("cloud-gpu", worker("cloud-gpu", "g1", "cloud", List.of("gpu")));
        for (NexusServer w : workers.values()) {
            for (String bucket : List.of("lts", "gpu", "stale", "moon", "routed", "stats", "plain")) {
                w.ensureBucket(bucket);
            }
        }
        NexusServer e = workers.get("edge");
        e.streamlets().register(StreamletJars.build(tmp, "gpu-xor", Map.of("demo.gpu.GpuXor", GPU_XOR)));
        e.definePolicy(policy("lts", new StreamletRef("zstd", Map.of(), "edge"),
                new StreamletRef("aes-gcm", Map.of("key", AES_KEY), "cloud")));
        // three hops: the gpu step has to run on cloud-gpu, and the last step stores on the cloud swarmlet
        e.definePolicy(policy("gpu", new StreamletRef("zstd", Map.of(), "edge"),
                new StreamletRef("gpu-xor", Map.of(), "cloud"), new StreamletRef("aes-gcm", Map.of("key", AES_KEY),
                        "cloud")));
        e.definePolicy(policy("stale", new StreamletRef("zstd", Map.of(), "edge"),
                new StreamletRef("aes-gcm", Map.of("key", AES_KEY), "cloud")));
        e.definePolicy(policy("moon", new StreamletRef("zstd", Map.of(), "moon")));
        e.definePolicy(policy("plain", new StreamletRef("noop", Map.of(), "edge"),
                new StreamletRef("noop", Map.of(), "cloud")));
        e.definePolicy(new Policy("routed", 0, SystemType.GENERIC, "routed", "**", List.of(
                new StreamletRef("content-router", Map.of("pattern", "secret", "bucket", "lts"), "edge"),
                new StreamletRef("zstd", Map.of(), "cloud")), List.of("routed", "lts")));
        e.definePolicy(new Policy("stats", 0, SystemType.PRAVEGA, "stats", "**", List.of(
                new StreamletRef("zstd", Map.of(), "edge"), new StreamletRef("partition-stats", Map.of(), "cloud")),
                List.of()));
        await().atMost(Duration.ofSeconds(30)).until(() -> workers.values().stream()
                .allMatch(w -> w.metadata().activePolicies().size() == 7 && w.metadata().streamlets().size() == 1));
        edge = S3Clients.sync(e.endpoint(), e.accessKey(), e.secretKey());
        NexusServer c = workers.get("cloud");
        cloud = S3Clients.sync(c.endpoint(), c.accessKey(), c.secretKey());
    }

    @AfterAll
    static void stop() throws Exception {
        if (edge != null) {
            edge.close();
            cloud.close();
        }
        for (NexusServer w : workers.values()) {
            w.close();
        }
        stores.forEach(RedisMetadataStore::close);
        if (redis != null) {
            redis.close();
        }
    }

    static NexusServer worker(String swarmlet, String id, String location, List<String> hardware) throws Exception {
        RedisMetadataStore store = new RedisMetadataStore("127.0.0.1", redis.port(), NS);
        stores.add(store);
        return NexusServer.builder().backend(Backend.filesystem(backend(swarmlet))).workDir(tmp.resolve(id))
                .metadata(store).adminPort(-1)
                .swarmlet(SwarmletConfig.builder(swarmlet).secret(SECRET).workerId(id).location(location)
                        .hardware(hardware).build())
                .build().start();
    }

    static Path backend(String swarmlet) {
        return tmp.resolve("backend-" + swarmlet);
    }

    static Policy policy(String bucket, StreamletRef... steps) {
        return new Policy(bucket, 0, SystemType.GENERIC, bucket, "**", List.of(steps), List.of());
    }

    /** The marker of an object as the swarmlet's backend holds it. */
    static ObjectMarker storedMarker(String swarmlet, String bucket, String key) {
        return storedMarker(backend(swarmlet), bucket, key);
    }

    /**
     * The marker of an object as the filesystem backend in that directory holds it, in its metadata or
     * trailing its bytes.
     */
    static ObjectMarker storedMarker(Path backend, String bucket, String key) {
        BlobStore store = MarkerTrailerBlobStore.over(Backend.filesystem(backend).create());
        return ObjectMarker.from(store.blobMetadata(HeadObjectRequest.builder().bucket(bucket).key(key).build())
                .metadata()).orElseThrow();
    }

    static byte[] get(S3Client s3, String bucket, String key) {
        return s3.getObjectAsBytes(r -> r.bucket(bucket).key(key)).asByteArray();
    }

    @Test
    void compressAtTheEdgeEncryptAndStoreInTheCloudRoundTripsByteForByte() throws Exception {
        byte[] data = TestData.logLines(3 << 20, 11);
        String eTag = edge.putObject(r -> r.bucket("lts").key("seg/0"), RequestBody.fromBytes(data)).eTag();

        assertArrayEquals(data, get(edge, "lts", "seg/0"));
        assertArrayEquals(data, get(cloud, "lts", "seg/0"));
        var head = edge.headObject(r -> r.bucket("lts").key("seg/0"));
        assertEquals(data.length, head.contentLength());
        assertEquals(eTag, head.eTag());
        int first = 1_000_003;
        assertArrayEquals(Arrays.copyOfRange(data, first, first + 70_000), edge.getObjectAsBytes(r -> r.bucket("lts")
                .key("seg/0").range("bytes=" + first + "-" + (first + 69_999))).asByteArray());

        // stored once, by the cloud, compressed then encrypted; nothing at the edge
        assertFalse(Files.exists(backend("edge").resolve("lts").resolve("seg/0")));
        ObjectMarker marker = storedMarker("cloud", "lts", "seg/0");
        assertEquals(List.of(0, 1), marker.steps().stream().map(ObjectMarker.Step::position).toList());
        assertEquals(data.length, marker.originalLength());
        assertTrue(Files.size(backend("cloud").resolve("lts").resolve("seg/0")) * 3 < data.length);

        // written at the cloud, the chunk goes to the edge to be compressed and comes back to be stored
        byte[] more = TestData.logLines(300_000, 16);
        cloud.putObject(r -> r.bucket("lts").key("seg/from-cloud"), RequestBody.fromBytes(more));
        assertArrayEquals(more, get(edge, "lts", "seg/from-cloud"));
        assertEquals(List.of(0, 1), storedMarker("cloud", "lts", "seg/from-cloud").steps().stream()
                .map(ObjectMarker.Step::position).toList());

        // a DELETE at the edge deletes it where it is stored
        edge.deleteObject(r -> r.bucket("lts").key("seg/from-cloud"));
        assertFalse(Files.exists(backend("cloud").resolve("lts").resolve("seg/from-cloud")));
        assertThrows(NoSuchKeyException.class, () -> get(edge, "lts", "seg/from-cloud"));
        assertThrows(NoSuchKeyException.class, () -> edge.headObject(r -> r.bucket("lts").key("seg/from-cloud")));
    }

    @Test
    void aTransformedChunkStreamsIntoTheStoringHopsBackendWithNoSpool() throws Exception {
        try (AutoCloseable noSpool = withoutSpool(tmp.resolve("c1"))) {
            byte[] data = TestData.logLines(3 << 20, 23);
            String md5 = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("MD5")
                    .digest(data));
            String eTag = edge.putObject(r -> r.bucket("lts").key("seg/unspooled"), RequestBody.fromBytes(data))
                    .eTag();
            assertEquals(md5, eTag.replace("\"", ""));
            assertArrayEquals(data, get(edge, "lts", "seg/unspooled"));
            assertArrayEquals(data, get(cloud, "lts", "seg/unspooled"));
            var head = cloud.headObject(r -> r.bucket("lts").key("seg/unspooled"));
            assertEquals(data.length, head.contentLength());
            assertEquals(eTag, head.eTag());
            assertArrayEquals(Arrays.copyOfRange(data, 2_000_001, 2_050_001), edge.getObjectAsBytes(r -> r
                    .bucket("lts").key("seg/unspooled").range("bytes=2000001-2050000")).asByteArray());
            assertArrayEquals(Arrays.copyOfRange(data, data.length - 5_000, data.length), cloud.getObjectAsBytes(r -> r
                    .bucket("lts").key("seg/unspooled").range("bytes=-5000")).asByteArray());
            assertEquals(data.length, cloud.listObjectsV2(r -> r.bucket("lts").prefix("seg/unspooled")).contents()
                    .get(0).size());

            // the marker trails the compressed, encrypted bytes: the backend's metadata only says so
            ObjectMarker marker = storedMarker("cloud", "lts", "seg/unspooled");
            assertEquals(List.of(0, 1), marker.steps().stream().map(ObjectMarker.Step::position).toList());
            assertEquals(data.length, marker.originalLength());
            assertEquals(md5, marker.originalETag());
            Map<String, String> raw = Backend.filesystem(backend("cloud")).create().blobMetadata(HeadObjectRequest
                    .builder().bucket("lts").key("seg/unspooled").build()).metadata();
            assertTrue(raw.keySet().stream().anyMatch(MarkerTrailer.PENDING::equalsIgnoreCase), raw.toString());
            assertTrue(ObjectMarker.from(raw).isEmpty());
        }
    }

    /**
     * Makes the worker with work directory {@code workDir} unable to spool until closed: a file
     * stands where its spool directory was, so a spooled chunk fails to be stored.
     */
    static AutoCloseable withoutSpool(Path workDir) throws java.io.IOException {
        Path spool = workDir.resolve("spool");
        Path aside = workDir.resolve("spool-aside");
        Files.move(spool, aside);
        Files.writeString(spool, "not a directory");
        return () -> {
            Files.delete(spool);
            Files.move(aside, spool);
        };
    }

    @Test
    void aStreamletNeedingAGpuRunsOnTheGpuSwarmletOfItsLocationOnTheWayToTheCloud() {
        byte[] data = TestData.logLines(1 << 20, 12);
        edge.putObject(r -> r.bucket("gpu").key("seg/1"), RequestBody.fromBytes(data));

        assertArrayEquals(data, get(edge, "gpu", "seg/1"));
        assertEquals(List.of(0, 1, 2), storedMarker("cloud", "gpu", "seg/1").steps().stream()
                .map(ObjectMarker.Step::position).toList());
        assertFalse(Files.exists(backend("cloud-gpu").resolve("gpu").resolve("seg/1")));
        assertFalse(Files.exists(backend("edge").resolve("gpu").resolve("seg/1")));
        assertTrue(gpuXorPuts("cloud-gpu") >= 1);
        assertEquals(0, gpuXorPuts("edge"));
        assertEquals(0, gpuXorPuts("cloud"));
    }

    private static double gpuXorPuts(String swarmlet) {
        return PrometheusText.value(workers.get(swarmlet).metrics().scrape(), "nexus_streamlet_seconds_count",
                "streamlet", "gpu-xor", "operation", "put");
    }

    @Test
    void aStalePolicyVersionIsRejectedByTheNextHopAndTheSenderRefreshesAndRetries() throws Exception {
        byte[] first = TestData.logLines(200_000, 13);
        edge.putObject(r -> r.bucket("stale").key("seg/a"), RequestBody.fromBytes(first));
        Policy v1 = workers.get("edge").metadata().activePolicies().stream()
                .filter(p -> p.name().equals("stale")).findFirst().orElseThrow();
        assertEquals(v1.version(), storedMarker("cloud", "stale", "seg/a").policyVersion());

        // a new version lands in Redis without its announcement: the edge's cache still says v1
        Policy v2 = policy("stale", new StreamletRef("zstd", Map.of("level", "9"), "edge"),
                new StreamletRef("aes-gcm", Map.of("key", AES_KEY), "cloud")).withVersion(v1.version() + 1);
        landWithoutAnnouncement(redis.port(), NS, v2);
        assertEquals(v1, workers.get("edge").metadata().activePolicies().stream()
                .filter(p -> p.name().equals("stale")).findFirst().orElseThrow());

        byte[] second = TestData.logLines(200_000, 14);
        edge.putObject(r -> r.bucket("stale").key("seg/b"), RequestBody.fromBytes(second));
        assertEquals(v2.version(), storedMarker("cloud", "stale", "seg/b").policyVersion());
        assertEquals(v2, workers.get("edge").metadata().activePolicies().stream()
                .filter(p -> p.name().equals("stale")).findFirst().orElseThrow()); // refreshed for later chunks
        assertArrayEquals(first, get(edge, "stale", "seg/a")); // the earlier chunk still reads as v1 wrote it
        assertArrayEquals(second, get(edge, "stale", "seg/b"));
    }

    @Test
    void multipartUploadAndCopyAtTheEdgeAreStoredInTheCloud() {
        int partSize = 5 << 20;
        byte[] data = TestData.logLines(partSize + 700_000, 15);
        String key = "seg/multipart";
        String uploadId = edge.createMultipartUpload(r -> r.bucket("lts").key(key)).uploadId();
        List<CompletedPart> parts = new ArrayList<>();
        for (int i = 0, n = 1; i < data.length; i += partSize, n++) {
            int part = n;
            byte[] slice = Arrays.copyOfRange(data, i, Math.min(data.length, i + partSize));
            String eTag = edge.uploadPart(r -> r.bucket("lts").key(key).uploadId(uploadId).partNumber(part),
                    RequestBody.fromBytes(slice)).eTag();
            parts.add(CompletedPart.builder().partNumber(part).eTag(eTag).build());
        }
        edge.completeMultipartUpload(r -> r.bucket("lts").key(key).uploadId(uploadId)
                .multipartUpload(CompletedMultipartUpload.builder().parts(parts).build()));
        assertArrayEquals(data, get(edge, "lts", key));
        assertTrue(edge.headObject(r -> r.bucket("lts").key(key)).eTag().replace("\"", "").endsWith("-2"));
        assertEquals(List.of(0, 1), storedMarker("cloud", "lts", key).steps().stream()
                .map(ObjectMarker.Step::position).toList());

        edge.copyObject(r -> r.sourceBucket("lts").sourceKey(key).destinationBucket("lts").destinationKey("seg/copy"));
        assertArrayEquals(data, get(edge, "lts", "seg/copy"));
        assertArrayEquals(data, get(cloud, "lts", "seg/copy"));
        assertFalse(Files.exists(backend("edge").resolve("lts").resolve("seg/copy")));
    }

    @Test
    void aStatefulStreamletInTheCloudKeepsItsPartitionsStateThere() {
        List<byte[]> chunks = List.of(TestData.logLines(150_000, 18), TestData.logLines(90_000, 19));
        long compressed = 0;
        for (int i = 0; i < chunks.size(); i++) {
            byte[] chunk = chunks.get(i);
            String key = SwarmletCrashIT.chunkKey(7, i);
            edge.putObject(r -> r.bucket("stats").key(key), RequestBody.fromBytes(chunk));
            assertArrayEquals(chunk, get(edge, "stats", key));
            compressed += storedMarker("cloud", "stats", key).steps().get(0).outputLength();
        }
        String stateKey = "stats/1/partition-stats/" + SwarmletCrashIT.partitionOf(SwarmletCrashIT.chunkKey(7, 0));
        Map<?, ?> state = MetadataJson.read(stores.get(0).readState(List.of(stateKey)).get(stateKey).json(), Map.class);
        assertEquals(2, ((Number) state.get("chunks")).intValue());
        // it counts what reaches it: the edge's compressed bytes
        assertEquals(compressed, ((Number) state.get("bytes")).longValue());
    }

    @Test
    void aWrongContentMd5IsTheClientsErrorAndNothingIsStoredInTheCloud() throws Exception {
        byte[] data = TestData.logLines(400_000, 17);
        String otherMd5 = java.util.Base64.getEncoder().encodeToString(
                java.security.MessageDigest.getInstance("MD5").digest(new byte[] {1, 2, 3}));
        S3Exception e = assertThrows(S3Exception.class, () -> edge.putObject(r -> r.bucket("lts").key("seg/bad")
                .contentMD5(otherMd5), RequestBody.fromBytes(data)));
        assertEquals(400, e.statusCode());
        assertEquals("BadDigest", e.awsErrorDetails().errorCode());
        assertFalse(Files.exists(backend("cloud").resolve("lts").resolve("seg/bad")));
        assertFalse(Files.exists(backend("edge").resolve("lts").resolve("seg/bad")));
    }

    @Test
    void bytesEveryStepKeepsAreStreamedToTheStoringHopsBackendAndABadDigestStoresNothing() throws Exception {
        byte[] data = TestData.logLines(2 << 20, 21);
        String md5 = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("MD5").digest(data));
        String eTag = edge.putObject(r -> r.bucket("plain").key("seg/p"), RequestBody.fromBytes(data)).eTag();
        assertEquals(md5, eTag.replace("\"", ""));
        assertArrayEquals(data, get(edge, "plain", "seg/p"));
        assertArrayEquals(data, get(cloud, "plain", "seg/p"));
        assertEquals(data.length, Files.size(backend("cloud").resolve("plain").resolve("seg/p")));
        assertEquals(data.length, storedMarker("cloud", "plain", "seg/p").originalLength());
        // streamed straight to the backend (not spooled first): the marker leaves the ETag to the backend
        assertEquals("", storedMarker("cloud", "plain", "seg/p").originalETag());
        assertFalse(Files.exists(backend("edge").resolve("plain").resolve("seg/p")));

        String otherMd5 = java.util.Base64.getEncoder().encodeToString(
                java.security.MessageDigest.getInstance("MD5").digest(new byte[] {4, 5, 6}));
        S3Exception e = assertThrows(S3Exception.class, () -> edge.putObject(r -> r.bucket("plain").key("seg/bad")
                .contentMD5(otherMd5), RequestBody.fromBytes(data)));
        assertEquals(400, e.statusCode());
        assertFalse(Files.exists(backend("cloud").resolve("plain").resolve("seg/bad")));
        assertThrows(NoSuchKeyException.class, () -> get(edge, "plain", "seg/bad"));
    }

    @Test
    void multipartThroughHopsThatKeepTheBytesAnswersTheMultipartETagEverywhere() throws Exception {
        int partSize = 5 << 20;
        byte[] data = TestData.logLines(partSize + 300_000, 22);
        String key = "seg/plain-multipart";
        String uploadId = edge.createMultipartUpload(r -> r.bucket("plain").key(key)).uploadId();
        java.security.MessageDigest partMd5s = java.security.MessageDigest.getInstance("MD5");
        List<CompletedPart> parts = new ArrayList<>();
        for (int i = 0, n = 1; i < data.length; i += partSize, n++) {
            int part = n;
            byte[] slice = Arrays.copyOfRange(data, i, Math.min(data.length, i + partSize));
            partMd5s.update(java.security.MessageDigest.getInstance("MD5").digest(slice));
            String eTag = edge.uploadPart(r -> r.bucket("plain").key(key).uploadId(uploadId).partNumber(part),
                    RequestBody.fromBytes(slice)).eTag();
            parts.add(CompletedPart.builder().partNumber(part).eTag(eTag).build());
        }
        // S3's form: the MD5 of the parts' MD5s, a dash, the number of parts (not the MD5 of the bytes)
        String multipart = "\"" + java.util.HexFormat.of().formatHex(partMd5s.digest()) + "-2\"";
        assertEquals(multipart, edge.completeMultipartUpload(r -> r.bucket("plain").key(key).uploadId(uploadId)
                .multipartUpload(CompletedMultipartUpload.builder().parts(parts).build())).eTag());
        assertEquals(multipart, edge.headObject(r -> r.bucket("plain").key(key)).eTag());
        assertEquals(multipart, cloud.headObject(r -> r.bucket("plain").key(key)).eTag());
        var read = edge.getObjectAsBytes(r -> r.bucket("plain").key(key));
        assertEquals(multipart, read.response().eTag());
        assertArrayEquals(data, read.asByteArray());
        assertArrayEquals(data, get(cloud, "plain", key));
        // the bytes are the client's, stored in the cloud as they came
        assertEquals(data.length, Files.size(backend("cloud").resolve("plain").resolve(key)));
        assertFalse(Files.exists(backend("edge").resolve("plain").resolve(key)));
    }

    @Test
    void aStreamletDecidingOnWholeChunksCannotRunOnAForwardingHop() {
        S3Exception e = assertThrows(S3Exception.class,
                () -> edge.putObject(r -> r.bucket("routed").key("seg/r"), RequestBody.fromString("a secret line\n")));
        assertTrue(e.awsErrorDetails().errorMessage().endsWith("policy routed@1 step 1 (content-router) looks at"
                + " whole chunks: it must run on the swarmlet that stores them (at the location of the last step)"),
                e.awsErrorDetails().errorMessage());
        assertFalse(Files.exists(backend("cloud").resolve("routed").resolve("seg/r")));
        assertFalse(Files.exists(backend("cloud").resolve("lts").resolve("seg/r")));
    }

    @Test
    void aLocationNoSwarmletHasIsAOneLineErrorAtFirstUse() {
        S3Exception e = assertThrows(S3Exception.class,
                () -> edge.putObject(r -> r.bucket("moon").key("seg/x"), RequestBody.fromBytes(new byte[10])));
        assertEquals(400, e.statusCode());
        assertTrue(e.awsErrorDetails().errorMessage().startsWith("policy moon@1 step 1 (zstd) runs at location 'moon'"
                + " but no swarmlet is registered there"), e.awsErrorDetails().errorMessage());
        assertFalse(Files.exists(backend("edge").resolve("moon").resolve("seg/x")));
    }

    /**
     * Makes {@code policy} the active version in the metadata namespace {@code ns} of Redis without
     * announcing it: the workers' caches keep the old one.
     */
    static void landWithoutAnnouncement(int redisPort, String ns, Policy policy) {
        String version = Long.toString(policy.version());
        try (Jedis jedis = new Jedis("127.0.0.1", redisPort)) {
            jedis.hset(ns + ":policy:" + policy.name(), version, MetadataJson.write(policy));
            jedis.set(ns + ":seq:" + policy.name(), version);
            jedis.hset(ns + ":active", policy.name(), version);
        }
    }
}
