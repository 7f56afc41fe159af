package io.xtremehub.nexus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.marker.MarkerTrailer;
import io.xtremehub.nexus.marker.MarkerTrailerBlobStore;
import io.xtremehub.nexus.marker.ObjectMarker;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.testkit.S3Clients;
import java.net.URI;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Nexus in front of another S3 endpoint through its S3 backend (S3Proxy's AWS SDK blob store): a
 * second, plain S3Proxy with its own credentials plays the real S3. Everything is checked from both
 * sides: through Nexus the client sees its own bytes, sizes and ETags; on the "real S3" the chunks
 * are transformed and carry Nexus' marker.
 */
class NexusS3BackendIT {
    @TempDir
    static Path tmp;
    static S3Proxy realS3;
    static NexusServer nexus;
    static S3Client viaNexus;
    static S3Client direct;

    @BeforeAll
    static void start() throws Exception {
        java.nio.file.Files.createDirectories(tmp.resolve("real-s3"));
        realS3 = S3Proxy.builder().blobStore(new FilesystemNio2BlobStore(tmp.resolve("real-s3").toString()))
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, "real-access", "real-secret").build();
        realS3.start();
        URI realEndpoint = URI.create("http://127.0.0.1:" + realS3.getPort());
        nexus = NexusServer.builder().backend(Backend.s3(realEndpoint, "us-east-1", "real-access", "real-secret"))
                .workDir(tmp.resolve("work")).adminPort(-1).build().start();
        viaNexus = S3Clients.sync(nexus.endpoint(), nexus.accessKey(), nexus.secretKey());
        direct = S3Clients.sync(realEndpoint, "real-access", "real-secret");
        for (String b : List.of("zst", "enc", "noop", "plain")) {
            viaNexus.createBucket(r -> r.bucket(b));
        }
        define("zst", List.of(new StreamletRef("zstd", Map.of("blockSize", "65536"))));
        define("enc", List.of(new StreamletRef("zstd", Map.of("blockSize", "65536")), new StreamletRef("aes-gcm",
                Map.of("key", Base64.getEncoder().encodeToString(new byte[32]), "blockSize", "16384"))));
        define("noop", List.of(new StreamletRef("noop", Map.of())));
    }

    static void define(String bucket, List<StreamletRef> pipeline) {
        nexus.definePolicy(new Policy(bucket + "-policy", 0, SystemType.GENERIC, bucket, "**", pipeline, List.of()));
    }

    @AfterAll
    static void stop() throws Exception {
        viaNexus.close();
        direct.close();
        nexus.close();
        realS3.stop();
    }

    /** Nexus' own client of the other S3, as its S3 backend makes it. */
    static org.gaul.s3proxy.blobstore.BlobStore backendClient() {
        return Backend.s3(URI.create("http://127.0.0.1:" + realS3.getPort()), "us-east-1", "real-access",
                "real-secret").create();
    }

    static String md5(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data));
    }

    static byte[] get(S3Client s3, String bucket, String key) {
        return s3.getObjectAsBytes(r -> r.bucket(bucket).key(key)).asByteArray();
    }

    @Test
    void transformedChunksAreStoredOnTheOtherS3AndReadBackWholeAndByRange() throws Exception {
        byte[] data = TestData.logLines(3_000_017, 61);
        for (String bucket : List.of("zst", "enc")) {
            String eTag = viaNexus.putObject(r -> r.bucket(bucket).key("seg/chunk"), RequestBody.fromBytes(data)).eTag();
            assertEquals(md5(data), eTag.replace("\"", ""), bucket);
            HeadObjectResponse stored = direct.headObject(r -> r.bucket(bucket).key("seg/chunk"));
            assertTrue(stored.contentLength() * 3 < data.length, bucket + " stores " + stored.contentLength());
            // streamed in unspooled: the marker trails the bytes, the metadata says so
            assertTrue(stored.metadata().containsKey(MarkerTrailer.PENDING), stored.metadata().toString());
            assertEquals(data.length, ObjectMarker.from(MarkerTrailerBlobStore.over(backendClient()).blobMetadata(
                    bucket, "seg/chunk").metadata()).orElseThrow().originalLength(), bucket);
            assertFalse(Arrays.equals(data, get(direct, bucket, "seg/chunk")));

            assertArrayEquals(data, get(viaNexus, bucket, "seg/chunk"), bucket);
            HeadObjectResponse head = viaNexus.headObject(r -> r.bucket(bucket).key("seg/chunk"));
            assertEquals(data.length, head.contentLength());
            assertEquals(md5(data), head.eTag().replace("\"", ""));
            assertEquals(data.length, viaNexus.listObjectsV2(r -> r.bucket(bucket).prefix("seg/")).contents().get(0)
                    .size());
            Random random = new Random(bucket.hashCode());
            for (int i = 0; i < 12; i++) {
                int from = random.nextInt(data.length);
                int to = Math.min(data.length - 1, from + random.nextInt(250_000));
                assertArrayEquals(Arrays.copyOfRange(data, from, to + 1), viaNexus.getObjectAsBytes(r -> r
                        .bucket(bucket).key("seg/chunk").range("bytes=" + from + "-" + to)).asByteArray(),
                        bucket + " " + from + "-" + to);
            }
            // a range of the original bytes that lies beyond the end of the (smaller) stored object
            int tail = data.length - 5000;
            assertArrayEquals(Arrays.copyOfRange(data, tail, data.length), viaNexus.getObjectAsBytes(r -> r
                    .bucket(bucket).key("seg/chunk").range("bytes=" + tail + "-")).asByteArray(), bucket);
        }
    }

    @Test
    void multipartUploadThroughNexusBecomesOneCompressedObject() throws Exception {
        byte[] data = TestData.logLines(11 << 20, 62);
        int partSize = 5 << 20;
        String id = viaNexus.createMultipartUpload(r -> r.bucket("zst").key("mp")).uploadId();
        List<CompletedPart> parts = new ArrayList<>();
        for (int off = 0, n = 1; off < data.length; off += partSize, n++) {
            int part = n;
            byte[] slice = Arrays.copyOfRange(data, off, Math.min(data.length, off + partSize));
            parts.add(CompletedPart.builder().partNumber(part).eTag(viaNexus.uploadPart(r -> r.bucket("zst").key("mp")
                    .uploadId(id).partNumber(part), RequestBody.fromBytes(slice)).eTag()).build());
        }
        viaNexus.completeMultipartUpload(r -> r.bucket("zst").key("mp").uploadId(id)
                .multipartUpload(CompletedMultipartUpload.builder().parts(parts).build()));
        assertArrayEquals(data, get(viaNexus, "zst", "mp"));
        assertTrue(direct.headObject(r -> r.bucket("zst").key("mp")).contentLength() * 3 < data.length);
        assertTrue(viaNexus.headObject(r -> r.bucket("zst").key("mp")).eTag().endsWith("-3\""));
    }

    @Test
    void passThroughNoopCopyAndDelete() throws Exception {
        byte[] data = TestData.logLines(700_001, 63);
        // written to the other S3 behind Nexus' back: read as is
        direct.putObject(r -> r.bucket("zst").key("legacy"), RequestBody.fromBytes(data));
        assertArrayEquals(data, get(viaNexus, "zst", "legacy"));
        assertArrayEquals(Arrays.copyOfRange(data, 10, 21), viaNexus.getObjectAsBytes(r -> r.bucket("zst")
                .key("legacy").range("bytes=10-20")).asByteArray());
        // no policy: stored as written
        viaNexus.putObject(r -> r.bucket("plain").key("raw"), RequestBody.fromBytes(data));
        assertArrayEquals(data, get(direct, "plain", "raw"));
        // no-op policy streams straight through but still marks the object
        String eTag = viaNexus.putObject(r -> r.bucket("noop").key("n"), RequestBody.fromBytes(data)).eTag();
        assertEquals(md5(data), eTag.replace("\"", ""));
        assertArrayEquals(data, get(direct, "noop", "n"));
        // stored as written, with a marker saying which policy stored it and that nothing is to undo
        assertTrue(direct.headObject(r -> r.bucket("noop").key("n")).metadata().keySet().stream()
                .anyMatch(k -> k.startsWith("nexus-")));
        assertEquals(md5(data), viaNexus.headObject(r -> r.bucket("noop").key("n")).eTag().replace("\"", ""));
        // copy out of and into policy buckets, then delete
        viaNexus.copyObject(r -> r.sourceBucket("noop").sourceKey("n").destinationBucket("enc").destinationKey("c"));
        assertArrayEquals(data, get(viaNexus, "enc", "c"));
        assertTrue(direct.headObject(r -> r.bucket("enc").key("c")).contentLength() < data.length / 3);
        viaNexus.deleteObject(r -> r.bucket("enc").key("c"));
        assertThrows(NoSuchKeyException.class, () -> direct.headObject(r -> r.bucket("enc").key("c")));
        S3Exception missing = assertThrows(S3Exception.class, () -> get(viaNexus, "enc", "c"));
        assertEquals(404, missing.statusCode());
    }

    @Test
    void objectTagsAreKeptBesideTheObjectOnTheS3Backend() {
        viaNexus.putObject(r -> r.bucket("noop").key("tagged").tagging("tier=cold&owner=ops"),
                RequestBody.fromString("tag me"));
        assertEquals(Map.of("tier", "cold", "owner", "ops"), tagsOf("noop", "tagged"));
        viaNexus.putObjectTagging(r -> r.bucket("noop").key("tagged").tagging(t -> t.tagSet(
                software.amazon.awssdk.services.s3.model.Tag.builder().key("tier").value("hot").build())));
        assertEquals(Map.of("tier", "hot"), tagsOf("noop", "tagged"));
        // on the real S3 the tags are a sidecar object in Nexus' own bucket, naming the object version
        String sidecar = direct.getObjectAsBytes(r -> r.bucket(NexusServer.DEFAULT_TAG_BUCKET)
                .key("noop/tagged.tags")).asUtf8String();
        assertTrue(sidecar.startsWith("user=tier=hot\nwid="), sidecar);
        viaNexus.deleteObject(r -> r.bucket("noop").key("tagged"));
        assertThrows(NoSuchKeyException.class, () -> direct.headObject(r -> r.bucket(NexusServer.DEFAULT_TAG_BUCKET)
                .key("noop/tagged.tags")));
        S3Exception gone = assertThrows(S3Exception.class, () -> tagsOf("noop", "tagged"));
        assertEquals("NoSuchKey", gone.awsErrorDetails().errorCode());
    }

    static Map<String, String> tagsOf(String bucket, String key) {
        return viaNexus.getObjectTagging(r -> r.bucket(bucket).key(key)).tagSet().stream()
                .collect(java.util.stream.Collectors.toMap(t -> t.key(), t -> t.value()));
    }
}
