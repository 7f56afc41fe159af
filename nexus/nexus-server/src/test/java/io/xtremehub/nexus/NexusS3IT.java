package io.xtremehub.nexus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.testkit.S3Clients;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Nexus on a filesystem backend, driven by real AWS SDK v2 clients; the stored files are inspected
 * directly to prove what was (not) written.
 */
class NexusS3IT {
    private static final String KEY_B64 = Base64.getEncoder().encodeToString(new byte[32]);

    @TempDir
    static Path tmp;
    static Path backendDir;
    static NexusServer nexus;
    static S3Client s3;
    static S3AsyncClient s3async;

    @BeforeAll
    static void start() throws Exception {
        backendDir = tmp.resolve("backend");
        nexus = NexusServer.builder().backend(Backend.filesystem(backendDir)).workDir(tmp.resolve("work"))
                .build().start();
        s3 = S3Clients.sync(nexus.endpoint(), nexus.accessKey(), nexus.secretKey());
        s3async = S3Clients.async(nexus.endpoint(), nexus.accessKey(), nexus.secretKey());
        for (String b : List.of("gzb", "zsb", "enc", "both", "plain", "fail", "noop", "routed", "private", "cached")) {
            s3.createBucket(r -> r.bucket(b));
        }
        define("gzip-all", "gzb", List.of(new StreamletRef("gzip", Map.of("blockSize", "65536"))), List.of());
        define("zstd-all", "zsb", List.of(new StreamletRef("zstd", Map.of("blockSize", "65536"))), List.of());
        define("enc-all", "enc", List.of(new StreamletRef("aes-gcm", Map.of("key", KEY_B64, "blockSize", "4096"))),
                List.of());
        define("zstd-enc", "both", List.of(new StreamletRef("zstd", Map.of("blockSize", "32768")),
                new StreamletRef("aes-gcm", Map.of("key", KEY_B64, "blockSize", "8192"))), List.of());
        define("noop-all", "noop", List.of(new StreamletRef("noop", Map.of())), List.of());
        define("route", "routed", List.of(new StreamletRef("content-router",
                Map.of("pattern", "SECRET", "bucket", "private")), new StreamletRef("gzip", Map.of())),
                List.of("routed", "private"));
        define("cache", "cached", List.of(new StreamletRef("cache", Map.of()), new StreamletRef("zstd", Map.of())),
                List.of());
    }

    static Policy define(String name, String bucket, List<StreamletRef> pipeline, List<String> outputs) {
        return nexus.definePolicy(new Policy(name, 0, SystemType.GENERIC, bucket, "**", pipeline, outputs));
    }

    @AfterAll
    static void stop() throws Exception {
        s3.close();
        s3async.close();
        nexus.close();
    }

    static String md5(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data));
    }

    static byte[] stored(String bucket, String key) throws Exception {
        return Files.readAllBytes(backendDir.resolve(bucket).resolve(key));
    }

    static byte[] get(String bucket, String key) {
        return s3.getObjectAsBytes(r -> r.bucket(bucket).key(key)).asByteArray();
    }

    @Test
    void compressedObjectsReadBackWithOriginalSizeAndETagAndAreSmallerOnDisk() throws Exception {
        for (String bucket : List.of("gzb", "zsb")) {
            byte[] data = TestData.logLines(1_000_003, 1);
            var put = s3.putObject(r -> r.bucket(bucket).key("seg/chunk-1"), RequestBody.fromBytes(data));
            assertEquals(md5(data), put.eTag().replace("\"", ""));
            assertArrayEquals(data, get(bucket, "seg/chunk-1"));
            HeadObjectResponse head = s3.headObject(r -> r.bucket(bucket).key("seg/chunk-1"));
            assertEquals(data.length, head.contentLength());
            assertEquals(md5(data), head.eTag().replace("\"", ""));
            assertTrue(head.metadata().keySet().stream().noneMatch(k -> k.startsWith("nexus-")), head.metadata()::toString);
            byte[] onDisk = stored(bucket, "seg/chunk-1");
            assertTrue(onDisk.length * 3 < data.length, bucket + " stored " + onDisk.length + " bytes");
            S3Object listed = s3.listObjectsV2(r -> r.bucket(bucket).prefix("seg/")).contents().get(0);
            assertEquals(data.length, listed.size());
            assertEquals(md5(data), listed.eTag().replace("\"", ""));
        }
    }

    @Test
    void rangedGetsAtRandomOffsetsMatchThePlainBytes() throws Exception {
        byte[] data = TestData.logLines(700_001, 2);
        for (String bucket : List.of("gzb", "zsb", "enc", "both", "noop", "plain")) {
            s3.putObject(r -> r.bucket(bucket).key("ranged"), RequestBody.fromBytes(data));
            Random random = new Random(7);
            for (int i = 0; i < 25; i++) {
                int first = random.nextInt(data.length);
                int last = Math.min(data.length - 1, first + random.nextInt(200_000));
                ResponseBytes<GetObjectResponse> got = s3.getObjectAsBytes(r -> r.bucket(bucket).key("ranged")
                        .range("bytes=" + first + "-" + last));
                byte[] expected = java.util.Arrays.copyOfRange(data, first, last + 1);
                assertArrayEquals(expected, got.asByteArray(), bucket + " range " + first + "-" + last);
                assertEquals("bytes " + first + "-" + last + "/" + data.length, got.response().contentRange());
            }
            // suffix and open-ended ranges, and the last byte
            assertArrayEquals(java.util.Arrays.copyOfRange(data, data.length - 1000, data.length),
                    s3.getObjectAsBytes(r -> r.bucket(bucket).key("ranged").range("bytes=-1000")).asByteArray());
            assertArrayEquals(java.util.Arrays.copyOfRange(data, 123_456, data.length),
                    s3.getObjectAsBytes(r -> r.bucket(bucket).key("ranged").range("bytes=123456-")).asByteArray());
            S3Exception e = assertThrows(S3Exception.class, () -> s3.getObject(r -> r.bucket(bucket).key("ranged")
                    .range("bytes=" + data.length + "-"), (resp, in) -> in.readAllBytes()));
            assertEquals(416, e.statusCode(), bucket);
        }
    }

    @Test
    void encryptedObjectsAreNotPlainOnDisk() throws Exception {
        byte[] data = TestData.logLines(50_000, 3);
        s3.putObject(r -> r.bucket("enc").key("secret"), RequestBody.fromBytes(data));
        byte[] onDisk = stored("enc", "secret");
        String text = new String(onDisk, java.nio.charset.StandardCharsets.ISO_8859_1);
        assertFalse(text.contains("event accepted"));
        assertArrayEquals(data, get("enc", "secret"));
    }

    @Test
    void tamperedCiphertextFailsTheReadInsteadOfReturningWrongBytes() throws Exception {
        byte[] data = TestData.logLines(20_000, 4);
        s3.putObject(r -> r.bucket("enc").key("tampered"), RequestBody.fromBytes(data));
        Path file = backendDir.resolve("enc").resolve("tampered");
        byte[] onDisk = Files.readAllBytes(file);
        onDisk[5000] ^= 1;
        Files.write(file, onDisk);
        assertThrows(Exception.class, () -> {
            byte[] got = get("enc", "tampered");
            if (java.util.Arrays.equals(got, data)) {
                throw new AssertionError("unreachable");
            }
            assertEquals(-1, 0, "tampered data was returned");
        });
    }

    @Test
    void objectsWrittenWithoutAPolicyPassThroughUntouched() throws Exception {
        byte[] data = TestData.logLines(10_000, 5);
        s3.putObject(r -> r.bucket("plain").key("raw"), RequestBody.fromBytes(data));
        assertArrayEquals(data, stored("plain", "raw"));
        // an object placed in a policy bucket behind Nexus' back is read as is
        Files.write(backendDir.resolve("gzb").resolve("legacy"), data);
        assertArrayEquals(data, get("gzb", "legacy"));
    }

    @Test
    void multipartUploadOf50MbIsCompressedAsOneObject() throws Exception {
        int partSize = 8 << 20;
        byte[] data = TestData.logLines(52 << 20, 6);
        String key = "big/multipart";
        String uploadId = s3.createMultipartUpload(r -> r.bucket("zsb").key(key)).uploadId();
        List<CompletedPart> parts = new ArrayList<>();
        for (int i = 0, n = 1; i < data.length; i += partSize, n++) {
            int part = n;
            byte[] slice = java.util.Arrays.copyOfRange(data, i, Math.min(data.length, i + partSize));
            String eTag = s3.uploadPart(r -> r.bucket("zsb").key(key).uploadId(uploadId).partNumber(part),
                    RequestBody.fromBytes(slice)).eTag();
            parts.add(CompletedPart.builder().partNumber(part).eTag(eTag).build());
        }
        s3.completeMultipartUpload(r -> r.bucket("zsb").key(key).uploadId(uploadId)
                .multipartUpload(CompletedMultipartUpload.builder().parts(parts).build()));
        HeadObjectResponse head = s3.headObject(r -> r.bucket("zsb").key(key));
        assertEquals(data.length, head.contentLength());
        assertTrue(head.eTag().replace("\"", "").endsWith("-" + parts.size()), head.eTag());
        assertArrayEquals(data, get("zsb", key));
        assertTrue(Files.size(backendDir.resolve("zsb").resolve(key)) * 3 < data.length);
        int first = 31 << 20;
        assertArrayEquals(java.util.Arrays.copyOfRange(data, first, first + (1 << 20)),
                s3.getObjectAsBytes(r -> r.bucket("zsb").key(key).range("bytes=" + first + "-" + (first + (1 << 20) - 1)))
                        .asByteArray());
    }

    @Test
    void asyncClientWritesAndReadsConcurrently() throws Exception {
        List<CompletableFuture<?>> futures = new ArrayList<>();
        List<byte[]> payloads = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            byte[] data = TestData.logLines(300_000 + i, 100 + i);
            payloads.add(data);
            String key = "async/" + i;
            String bucket = i % 2 == 0 ? "zsb" : "both";
            futures.add(s3async.putObject(r -> r.bucket(bucket).key(key), AsyncRequestBody.fromBytes(data)));
        }
        CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).join();
        for (int i = 0; i < 8; i++) {
            String key = "async/" + i;
            String bucket = i % 2 == 0 ? "zsb" : "both";
            byte[] got = s3async.getObject(r -> r.bucket(bucket).key(key), AsyncResponseTransformer.toBytes())
                    .join().asByteArray();
            assertArrayEquals(payloads.get(i), got);
        }
    }

    @Test
    void concurrentSyncClientsSeeTheirOwnBytes() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                int id = t;
                results.add(pool.submit(() -> {
                    try (S3Client client = S3Clients.sync(nexus.endpoint(), nexus.accessKey(), nexus.secretKey())) {
                        for (int i = 0; i < 5; i++) {
                            byte[] data = TestData.logLines(200_000 + id * 10 + i, id * 100L + i);
                            String key = "conc/" + id + "/" + i;
                            client.putObject(r -> r.bucket("gzb").key(key), RequestBody.fromBytes(data));
                            byte[] got = client.getObjectAsBytes(r -> r.bucket("gzb").key(key)).asByteArray();
                            if (!java.util.Arrays.equals(data, got)) {
                                return false;
                            }
                        }
                        return true;
                    }
                }));
            }
            for (Future<Boolean> f : results) {
                assertTrue(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void wrongSignatureIs403AndWritesNothing() throws Exception {
        try (S3Client bad = S3Clients.sync(nexus.endpoint(), nexus.accessKey(), "not-the-secret")) {
            S3Exception e = assertThrows(S3Exception.class,
                    () -> bad.putObject(r -> r.bucket("plain").key("forged"), RequestBody.fromString("x")));
            assertEquals(403, e.statusCode());
            assertEquals("SignatureDoesNotMatch", e.awsErrorDetails().errorCode());
        }
        assertFalse(Files.exists(backendDir.resolve("plain").resolve("forged")));
    }

    @Test
    void unknownBucketIsNoSuchBucket() {
        NoSuchBucketException e = assertThrows(NoSuchBucketException.class,
                () -> s3.putObject(r -> r.bucket("no-such-bucket").key("k"), RequestBody.fromString("x")));
        assertEquals(404, e.statusCode());
        assertThrows(NoSuchBucketException.class, () -> s3.listObjectsV2(r -> r.bucket("no-such-bucket")));
        assertThrows(NoSuchKeyException.class, () -> get("gzb", "never-written"));
    }

    @Test
    void badContentMd5IsRejectedAndNothingIsStored() throws Exception {
        byte[] data = TestData.logLines(100_000, 8);
        String wrongMd5 = Base64.getEncoder().encodeToString(new byte[16]);
        for (String bucket : List.of("gzb", "noop", "plain")) {
            S3Exception e = assertThrows(S3Exception.class, () -> s3.putObject(r -> r.bucket(bucket).key("badmd5")
                    .contentMD5(wrongMd5), RequestBody.fromBytes(data)));
            assertEquals(400, e.statusCode(), bucket);
            assertEquals("BadDigest", e.awsErrorDetails().errorCode(), bucket);
            assertFalse(Files.exists(backendDir.resolve(bucket).resolve("badmd5")), bucket);
        }
    }

    @Test
    void reservedMetadataIsRejected() {
        S3Exception e = assertThrows(S3Exception.class, () -> s3.putObject(r -> r.bucket("gzb").key("meta")
                .metadata(Map.of("nexus-policy", "forged@1")), RequestBody.fromString("x")));
        assertEquals(400, e.statusCode());
        assertTrue(e.awsErrorDetails().errorMessage().contains("reserved for Nexus"), e.getMessage());
    }

    @Test
    void oversizedAndMalformedRequestsGetCleanS3Errors() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        // unsigned request: access denied XML
        HttpResponse<String> anon = http.send(HttpRequest.newBuilder(nexus.endpoint().resolve("/gzb/x"))
                .PUT(HttpRequest.BodyPublishers.ofString("abc")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, anon.statusCode());
        assertTrue(anon.body().contains("<Code>AccessDenied</Code>"), anon.body());
        // malformed multipart completion XML
        String uploadId = s3.createMultipartUpload(r -> r.bucket("gzb").key("malformed")).uploadId();
        s3.uploadPart(r -> r.bucket("gzb").key("malformed").uploadId(uploadId).partNumber(1),
                RequestBody.fromString("part one"));
        S3Exception e = assertThrows(S3Exception.class, () -> s3.completeMultipartUpload(r -> r.bucket("gzb")
                .key("malformed").uploadId(uploadId).multipartUpload(CompletedMultipartUpload.builder()
                        .parts(CompletedPart.builder().partNumber(1).eTag("\"deadbeef\"").build()).build())));
        assertEquals(400, e.statusCode());
        assertEquals("InvalidPart", e.awsErrorDetails().errorCode());
        assertFalse(Files.exists(backendDir.resolve("gzb").resolve("malformed")));
        s3.abortMultipartUpload(r -> r.bucket("gzb").key("malformed").uploadId(uploadId));
    }

    @Test
    void objectTooLargeForASinglePutIsEntityTooLarge() throws Exception {
        try (NexusServer small = NexusServer.builder().backend(Backend.filesystem(tmp.resolve("small")))
                .maxObjectSize(1024).adminPort(-1).build().start();
             S3Client client = S3Clients.sync(small.endpoint(), small.accessKey(), small.secretKey())) {
            client.createBucket(r -> r.bucket("bbb"));
            S3Exception e = assertThrows(S3Exception.class, () -> client.putObject(r -> r.bucket("bbb").key("big"),
                    RequestBody.fromBytes(new byte[4096])));
            assertEquals(400, e.statusCode());
            assertEquals("EntityTooLarge", e.awsErrorDetails().errorCode());
            assertFalse(Files.exists(tmp.resolve("small").resolve("bbb").resolve("big")));
        }
    }

    @Test
    void contentRoutingStoresMatchingChunksInThePrivateBucket() throws Exception {
        byte[] publicChunk = TestData.logLines(100_000, 9);
        byte[] secretChunk = (new String(TestData.logLines(50_000, 10)) + "user SECRET token\n"
                + new String(TestData.logLines(50_000, 11))).getBytes();
        s3.putObject(r -> r.bucket("routed").key("c1"), RequestBody.fromBytes(publicChunk));
        s3.putObject(r -> r.bucket("routed").key("c2"), RequestBody.fromBytes(secretChunk));
        assertTrue(Files.size(backendDir.resolve("routed").resolve("c1")) > 0);
        assertEquals(0, Files.size(backendDir.resolve("routed").resolve("c2")), "routing stub only");
        assertTrue(Files.size(backendDir.resolve("private").resolve("c2")) > 0);
        assertArrayEquals(publicChunk, get("routed", "c1"));
        assertArrayEquals(secretChunk, get("routed", "c2"));
        assertEquals(secretChunk.length, s3.headObject(r -> r.bucket("routed").key("c2")).contentLength());
        s3.deleteObject(r -> r.bucket("routed").key("c2"));
        assertFalse(Files.exists(backendDir.resolve("private").resolve("c2")));
    }

    @Test
    void cacheServesReadsAndIsInvalidatedByOverwrite() throws Exception {
        byte[] v1 = TestData.logLines(100_000, 12);
        byte[] v2 = TestData.logLines(100_000, 13);
        s3.putObject(r -> r.bucket("cached").key("k"), RequestBody.fromBytes(v1));
        // remove the stored file: only the cache can still answer
        Path file = backendDir.resolve("cached").resolve("k");
        byte[] storedV1 = Files.readAllBytes(file);
        Files.write(file, new byte[storedV1.length]);
        assertArrayEquals(java.util.Arrays.copyOfRange(v1, 10, 5000),
                s3.getObjectAsBytes(r -> r.bucket("cached").key("k").range("bytes=10-4999")).asByteArray());
        s3.putObject(r -> r.bucket("cached").key("k"), RequestBody.fromBytes(v2));
        assertArrayEquals(v2, get("cached", "k"));
    }

    @Test
    void copyObjectAndDeleteObjects() throws Exception {
        byte[] data = TestData.logLines(200_000, 14);
        s3.putObject(r -> r.bucket("zsb").key("src"), RequestBody.fromBytes(data));
        s3.copyObject(r -> r.sourceBucket("zsb").sourceKey("src").destinationBucket("plain").destinationKey("dst"));
        assertArrayEquals(data, stored("plain", "dst"), "copied out of the policy bucket: plain bytes");
        s3.copyObject(r -> r.sourceBucket("plain").sourceKey("dst").destinationBucket("enc").destinationKey("dst"));
        assertArrayEquals(data, get("enc", "dst"));
        assertFalse(java.util.Arrays.equals(data, stored("enc", "dst")));
        s3.deleteObjects(r -> r.bucket("zsb").delete(Delete.builder().objects(
                ObjectIdentifier.builder().key("src").build(), ObjectIdentifier.builder().key("nope").build()).build()));
        assertFalse(Files.exists(backendDir.resolve("zsb").resolve("src")));
    }

    static String quoted(String eTag) {
        return "\"" + eTag + "\"";
    }

    @Test
    void conditionalGetAndHeadJudgeTheETagAndDatesTheClientSaw() throws Exception {
        byte[] data = TestData.logLines(300_000, 15);
        for (String bucket : List.of("zsb", "enc", "noop")) {
            s3.putObject(r -> r.bucket(bucket).key("cond"), RequestBody.fromBytes(data));
            String visible = md5(data);
            String storedMd5 = md5(stored(bucket, "cond"));
            String other = bucket.equals("noop") ? md5(new byte[1]) : storedMd5; // never shown to the client

            assertArrayEquals(data, s3.getObjectAsBytes(r -> r.bucket(bucket).key("cond").ifMatch(quoted(visible)))
                    .asByteArray(), bucket);
            assertArrayEquals(data, s3.getObjectAsBytes(r -> r.bucket(bucket).key("cond").ifNoneMatch(quoted(other)))
                    .asByteArray(), bucket);
            assertArrayEquals(java.util.Arrays.copyOfRange(data, 5000, 6000), s3.getObjectAsBytes(r -> r.bucket(bucket)
                    .key("cond").ifMatch(quoted(visible)).range("bytes=5000-5999")).asByteArray(), bucket);
            S3Exception failed = assertThrows(S3Exception.class, () -> s3.getObjectAsBytes(r -> r.bucket(bucket)
                    .key("cond").ifMatch(quoted(other))));
            assertEquals(412, failed.statusCode(), bucket);
            S3Exception notModified = assertThrows(S3Exception.class, () -> s3.getObjectAsBytes(r -> r.bucket(bucket)
                    .key("cond").ifNoneMatch(quoted(visible))));
            assertEquals(304, notModified.statusCode(), bucket);

            assertEquals(data.length, s3.headObject(r -> r.bucket(bucket).key("cond").ifMatch(quoted(visible)))
                    .contentLength(), bucket);
            assertEquals(412, assertThrows(S3Exception.class, () -> s3.headObject(r -> r.bucket(bucket).key("cond")
                    .ifMatch(quoted(other)))).statusCode(), bucket);
            assertEquals(304, assertThrows(S3Exception.class, () -> s3.headObject(r -> r.bucket(bucket).key("cond")
                    .ifNoneMatch(quoted(visible)))).statusCode(), bucket);

            java.time.Instant written = s3.headObject(r -> r.bucket(bucket).key("cond")).lastModified();
            java.time.Instant later = written.plusSeconds(3600);
            java.time.Instant earlier = written.minusSeconds(3600);
            assertEquals(304, assertThrows(S3Exception.class, () -> s3.getObjectAsBytes(r -> r.bucket(bucket)
                    .key("cond").ifModifiedSince(later))).statusCode(), bucket);
            assertEquals(412, assertThrows(S3Exception.class, () -> s3.getObjectAsBytes(r -> r.bucket(bucket)
                    .key("cond").ifUnmodifiedSince(earlier))).statusCode(), bucket);
            assertArrayEquals(data, s3.getObjectAsBytes(r -> r.bucket(bucket).key("cond").ifModifiedSince(earlier))
                    .asByteArray(), bucket);
        }
    }

    @Test
    void emptyObjectsRoundTrip() throws Exception {
        for (String bucket : List.of("gzb", "enc", "both")) {
            s3.putObject(r -> r.bucket(bucket).key("empty"), RequestBody.empty());
            assertEquals(0, get(bucket, "empty").length);
            assertEquals(0, s3.headObject(r -> r.bucket(bucket).key("empty")).contentLength());
        }
    }

    static Stream<String> unused() {
        return Stream.empty();
    }

    static URI endpoint() {
        return nexus.endpoint();
    }
}
