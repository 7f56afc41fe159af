package io.xtremehub.nexus;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.backend.PartedPutBlobStore;
import io.xtremehub.nexus.marker.MarkerTrailer;
import io.xtremehub.nexus.metadata.RedisMetadataStore;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.swarm.SwarmletConfig;
import io.xtremehub.testkit.RedisServer;
import io.xtremehub.testkit.S3Clients;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * A two-hop pipeline whose storing swarmlet keeps its chunks in S3 (an S3Proxy over a directory
 * plays it): compressed at the edge, encrypted and stored in the cloud, which streams each
 * transformed chunk into S3 as it arrives, its marker trailing its bytes, in parts when it is longer
 * than one part, never spooled. A client breaking off mid-chunk leaves nothing in S3.
 */
class SwarmletS3HopsIT {
    private static final String NS = "s3hops";
    private static final String BUCKET = "lts";
    private static final int PART = PartedPutBlobStore.MIN_PART_SIZE;

    @TempDir
    static Path tmp;
    static RedisServer redis;
    static S3Proxy realS3;
    static final List<NexusServer> workers = new ArrayList<>();
    static final List<RedisMetadataStore> stores = new ArrayList<>();
    static S3Client edge;
    static S3Client cloud;
    static S3Client direct;

    @BeforeAll
    static void start() throws Exception {
        redis = RedisServer.start(tmp);
        Files.createDirectories(tmp.resolve("real-s3"));
        realS3 = S3Proxy.builder().blobStore(new FilesystemNio2BlobStore(tmp.resolve("real-s3").toString()))
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, "real-access", "real-secret").build();
        realS3.start();
        URI realEndpoint = URI.create("http://127.0.0.1:" + realS3.getPort());
        NexusServer e = worker("edge", Backend.filesystem(tmp.resolve("backend-edge")));
        NexusServer c = worker("cloud", Backend.s3(realEndpoint, "us-east-1", "real-access", "real-secret"));
        e.ensureBucket(BUCKET);
        c.ensureBucket(BUCKET);
        e.definePolicy(SwarmletHopsIT.policy(BUCKET, new StreamletRef("zstd", Map.of(), "edge"),
                new StreamletRef("aes-gcm", Map.of("key", "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="), "cloud")));
        await().atMost(Duration.ofSeconds(30)).until(() -> workers.stream()
                .allMatch(w -> w.metadata().activePolicies().size() == 1));
        edge = S3Clients.sync(e.endpoint(), e.accessKey(), e.secretKey());
        cloud = S3Clients.sync(c.endpoint(), c.accessKey(), c.secretKey());
        direct = S3Clients.sync(realEndpoint, "real-access", "real-secret");
    }

    @AfterAll
    static void stop() throws Exception {
        for (S3Client client : Arrays.asList(edge, cloud, direct)) {
            if (client != null) {
                client.close();
            }
        }
        for (NexusServer w : workers) {
            w.close();
        }
        stores.forEach(RedisMetadataStore::close);
        if (realS3 != null) {
            realS3.stop();
        }
        if (redis != null) {
            redis.close();
        }
    }

    static NexusServer worker(String swarmlet, Backend backend) throws Exception {
        RedisMetadataStore store = new RedisMetadataStore("127.0.0.1", redis.port(), NS);
        stores.add(store);
        NexusServer w = NexusServer.builder().backend(backend).workDir(tmp.resolve(swarmlet)).metadata(store)
                .adminPort(-1).swarmlet(SwarmletConfig.builder(swarmlet).secret("s3hops-secret").workerId(swarmlet)
                        .location(swarmlet).build())
                .build().start();
        workers.add(w);
        return w;
    }

    /** Bytes zstd cannot shrink, so the stored chunk is about as long as the client's. */
    static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void chunksBelowAtAndAbovePartSizeStreamIntoS3UnspooledAndRoundTripByteForByte() throws Exception {
        try (AutoCloseable noSpool = SwarmletHopsIT.withoutSpool(tmp.resolve("cloud"))) {
            record Case(String key, byte[] data, int backendParts) {
            }
            for (Case c : List.of(new Case("seg/below", random(PART / 2, 1), 0),
                    new Case("seg/at", random(PART, 2), 2), // a part, then the encryption's tags and the trailer
                    new Case("seg/above", random(2 * PART + 1_000_003, 3), 3),
                    new Case("seg/text", TestData.logLines(12 << 20, 4), 0))) { // compresses below one part
                byte[] data = c.data();
                String md5 = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data));
                String eTag = edge.putObject(r -> r.bucket(BUCKET).key(c.key()), RequestBody.fromBytes(data)).eTag();
                assertEquals(md5, eTag.replace("\"", ""), c.key());

                assertArrayEquals(data, SwarmletHopsIT.get(edge, BUCKET, c.key()), c.key());
                assertArrayEquals(data, SwarmletHopsIT.get(cloud, BUCKET, c.key()), c.key());
                HeadObjectResponse head = edge.headObject(r -> r.bucket(BUCKET).key(c.key()));
                assertEquals(data.length, head.contentLength(), c.key());
                assertEquals(eTag, head.eTag(), c.key());
                int from = data.length / 3;
                assertArrayEquals(Arrays.copyOfRange(data, from, from + 100_000), edge.getObjectAsBytes(r -> r
                        .bucket(BUCKET).key(c.key()).range("bytes=" + from + "-" + (from + 99_999))).asByteArray(),
                        c.key());

                // in S3: encrypted, its marker trailing it, one PUT or a completed multipart upload
                HeadObjectResponse stored = direct.headObject(r -> r.bucket(BUCKET).key(c.key()));
                assertTrue(stored.metadata().keySet().stream().anyMatch(MarkerTrailer.PENDING::equalsIgnoreCase),
                        c.key() + " " + stored.metadata());
                String storedETag = stored.eTag().replace("\"", "");
                assertEquals(c.backendParts() == 0 ? "" : "-" + c.backendParts(),
                        storedETag.contains("-") ? storedETag.substring(storedETag.indexOf('-')) : "", c.key());
                assertFalse(Arrays.equals(data, SwarmletHopsIT.get(direct, BUCKET, c.key())));
            }
            assertFalse(Files.exists(tmp.resolve("backend-edge").resolve(BUCKET).resolve("seg/above")));
            assertEquals(List.of(), direct.listMultipartUploads(r -> r.bucket(BUCKET)).uploads());
        }
    }

    @Test
    void aClientBreakingOffMidChunkLeavesNoObjectAndNoMultipartUploadInS3() {
        byte[] data = random(4 * PART, 5);
        String key = "seg/broken";
        AtomicBoolean uploadSeen = new AtomicBoolean();
        // once 3 parts are sent the cloud is streaming the chunk into S3: a multipart upload is open there
        InputStream body = new BreakingBody(data, 3L * PART, () -> uploadSeen.set(waitForUpload(key)));
        try (S3Client once = S3Client.builder().endpointOverride(workers.get(0).endpoint()).region(Region.US_EAST_1)
                .forcePathStyle(true).credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        workers.get(0).accessKey(), workers.get(0).secretKey())))
                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())).build()) {
            assertThrows(RuntimeException.class, () -> once.putObject(r -> r.bucket(BUCKET).key(key),
                    RequestBody.fromInputStream(body, data.length)));
        }
        assertTrue(uploadSeen.get(), "the cloud never started a multipart upload of the chunk");
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                assertEquals(List.of(), direct.listMultipartUploads(r -> r.bucket(BUCKET)).uploads()));
        assertThrows(NoSuchKeyException.class, () -> direct.headObject(r -> r.bucket(BUCKET).key(key)));
        assertThrows(NoSuchKeyException.class, () -> edge.headObject(r -> r.bucket(BUCKET).key(key)));
    }

    private static boolean waitForUpload(String key) {
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> direct.listMultipartUploads(r -> r.bucket(BUCKET))
                    .uploads().stream().anyMatch(u -> u.key().equals(key)));
            return true;
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            return false;
        }
    }
}
