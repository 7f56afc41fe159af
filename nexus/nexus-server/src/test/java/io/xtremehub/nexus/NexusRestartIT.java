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
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * A Nexus worker restarted on the same work directory and backend reads back every object written
 * before the restart (zstd, AES-GCM, a streamlet registered from a jar, two versions of a policy),
 * whole and by range; a deployment that defines its policy at every start keeps one version. A
 * worker that lost its metadata refuses to read instead of returning wrong bytes.
 */
class NexusRestartIT {
    private static final String KEY_B64 = Base64.getEncoder().encodeToString(
            HexFormat.of().parseHex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"));

    @TempDir
    Path tmp;

    private NexusServer start(Path work, Path backend) throws Exception {
        return NexusServer.builder().backend(Backend.filesystem(backend)).workDir(work).adminPort(-1).build().start();
    }

    private static Policy zstd(String blockSize) {
        return new Policy("lts-zstd", 0, SystemType.GENERIC, "zst", "**",
                List.of(new StreamletRef("zstd", Map.of("blockSize", blockSize))), List.of());
    }

    private static Policy aes() {
        return new Policy("lts-aes", 0, SystemType.GENERIC, "enc", "**",
                List.of(new StreamletRef("aes-gcm", Map.of("key", KEY_B64, "blockSize", "8192"))), List.of());
    }

    private static Policy xor() {
        return new Policy("lts-xor", 0, SystemType.GENERIC, "dyn", "**",
                List.of(new StreamletRef("xor", Map.of("mask", "9"))), List.of());
    }

    private static String md5(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data));
    }

    @Test
    void objectsWrittenBeforeARestartReadBackWholeAndByRange() throws Exception {
        Path work = tmp.resolve("work");
        Path backend = tmp.resolve("backend");
        Map<String, byte[]> written = new LinkedHashMap<>(); // "bucket/key" -> bytes
        try (NexusServer first = start(work, backend);
             S3Client s3 = S3Clients.sync(first.endpoint(), first.accessKey(), first.secretKey())) {
            for (String b : List.of("zst", "enc", "dyn")) {
                s3.createBucket(r -> r.bucket(b));
            }
            first.streamlets().register(StreamletJars.build(tmp, "xor", Map.of("demo.xor.XorStreamlet",
                    DynamicStreamletIT.XOR)));
            assertEquals(1, first.definePolicy(zstd("65536")).version());
            assertEquals(1, first.definePolicy(zstd("65536")).version(), "identical redefinition keeps the version");
            assertEquals(1, first.definePolicy(aes()).version());
            assertEquals(1, first.definePolicy(xor()).version());
            put(s3, written, "zst", "v1/chunk", TestData.logLines(1_300_007, 41));
            put(s3, written, "enc", "chunk", TestData.logLines(900_001, 42));
            put(s3, written, "dyn", "chunk", TestData.logLines(300_003, 43));
            putMultipart(s3, written, "enc", "multipart", TestData.logLines(12 << 20, 44));
            // a second version of the zstd policy: objects of both versions must survive
            assertEquals(2, first.definePolicy(zstd("131072")).version());
            put(s3, written, "zst", "v2/chunk", TestData.logLines(2_000_003, 45));
        }
        assertTrue(Files.exists(work.resolve(NexusServer.METADATA_FILE)));

        try (NexusServer second = start(work, backend);
             S3Client s3 = S3Clients.sync(second.endpoint(), second.accessKey(), second.secretKey())) {
            // what a cluster does at every start: define its policies again; nothing new is created
            assertEquals(2, second.definePolicy(zstd("131072")).version());
            assertEquals(1, second.definePolicy(aes()).version());
            assertEquals(List.of("lts-aes@1", "lts-xor@1", "lts-zstd@2"),
                    second.metadata().activePolicies().stream().map(Policy::id).toList());
            assertTrue(second.streamlets().knows("xor"), "jar registration survived the restart");
            for (Map.Entry<String, byte[]> e : written.entrySet()) {
                String bucket = e.getKey().substring(0, e.getKey().indexOf('/'));
                String key = e.getKey().substring(bucket.length() + 1);
                byte[] data = e.getValue();
                assertArrayEquals(data, s3.getObjectAsBytes(r -> r.bucket(bucket).key(key)).asByteArray(), e.getKey());
                HeadObjectResponse head = s3.headObject(r -> r.bucket(bucket).key(key));
                assertEquals(data.length, head.contentLength(), e.getKey());
                Random random = new Random(key.hashCode());
                for (int i = 0; i < 8; i++) {
                    int from = random.nextInt(data.length);
                    int to = Math.min(data.length - 1, from + random.nextInt(300_000));
                    assertArrayEquals(Arrays.copyOfRange(data, from, to + 1), s3.getObjectAsBytes(r -> r.bucket(bucket)
                            .key(key).range("bytes=" + from + "-" + to)).asByteArray(), e.getKey() + " " + from);
                }
            }
            assertTrue(Files.size(backend.resolve("zst").resolve("v2").resolve("chunk")) * 3
                    < written.get("zst/v2/chunk").length, "still compressed");
        }
    }

    @Test
    void aWorkerWithoutTheMetadataRefusesToReadInsteadOfGuessing() throws Exception {
        Path backend = tmp.resolve("backend");
        byte[] data = TestData.logLines(200_000, 46);
        try (NexusServer first = start(tmp.resolve("work-a"), backend);
             S3Client s3 = S3Clients.sync(first.endpoint(), first.accessKey(), first.secretKey())) {
            s3.createBucket(r -> r.bucket("enc"));
            first.definePolicy(aes());
            s3.putObject(r -> r.bucket("enc").key("chunk"), RequestBody.fromBytes(data));
        }
        try (NexusServer lost = start(tmp.resolve("work-b"), backend);
             S3Client s3 = S3Clients.sync(lost.endpoint(), lost.accessKey(), lost.secretKey())) {
            S3Exception unknown = assertThrows(S3Exception.class,
                    () -> s3.getObjectAsBytes(r -> r.bucket("enc").key("chunk")));
            assertEquals(500, unknown.statusCode());
            assertTrue(unknown.awsErrorDetails().errorMessage().contains("lts-aes@1 which metadata store"),
                    unknown.awsErrorDetails().errorMessage());
            // a different pipeline under the same name and version must not be used to decode
            Policy other = new Policy("lts-aes", 0, SystemType.GENERIC, "enc", "**", List.of(new StreamletRef(
                    "aes-gcm", Map.of("key", Base64.getEncoder().encodeToString(new byte[32])))), List.of());
            assertEquals(1, lost.definePolicy(other).version());
            S3Exception replaced = assertThrows(S3Exception.class,
                    () -> s3.getObjectAsBytes(r -> r.bucket("enc").key("chunk").range("bytes=10-20")));
            assertTrue(replaced.awsErrorDetails().errorMessage().contains("reset or replaced"),
                    replaced.awsErrorDetails().errorMessage());
        }
    }

    @Test
    void twoWorkersCannotShareOneWorkDirectory() throws Exception {
        Path work = tmp.resolve("work");
        try (NexusServer first = start(work, tmp.resolve("backend"))) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> start(work, tmp.resolve("backend")));
            assertTrue(e.getMessage().contains("in use by another worker"), e.getMessage());
            assertFalse(first.metadata().describe().contains("memory"));
        }
        // released on close: a restart succeeds
        start(work, tmp.resolve("backend")).close();
    }

    private static void put(S3Client s3, Map<String, byte[]> written, String bucket, String key, byte[] data)
            throws Exception {
        String eTag = s3.putObject(r -> r.bucket(bucket).key(key), RequestBody.fromBytes(data)).eTag();
        assertEquals(md5(data), eTag.replace("\"", ""));
        written.put(bucket + "/" + key, data);
    }

    private static void putMultipart(S3Client s3, Map<String, byte[]> written, String bucket, String key,
                                     byte[] data) {
        int partSize = 5 << 20;
        String uploadId = s3.createMultipartUpload(r -> r.bucket(bucket).key(key)).uploadId();
        List<CompletedPart> parts = new java.util.ArrayList<>();
        for (int off = 0, n = 1; off < data.length; off += partSize, n++) {
            int part = n;
            byte[] slice = Arrays.copyOfRange(data, off, Math.min(data.length, off + partSize));
            String eTag = s3.uploadPart(r -> r.bucket(bucket).key(key).uploadId(uploadId).partNumber(part),
                    RequestBody.fromBytes(slice)).eTag();
            parts.add(CompletedPart.builder().partNumber(part).eTag(eTag).build());
        }
        s3.completeMultipartUpload(r -> r.bucket(bucket).key(key).uploadId(uploadId)
                .multipartUpload(CompletedMultipartUpload.builder().parts(parts).build()));
        written.put(bucket + "/" + key, data);
    }
}
