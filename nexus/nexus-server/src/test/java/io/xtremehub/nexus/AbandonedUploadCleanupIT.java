package io.xtremehub.nexus;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.testkit.S3Clients;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.MultipartUpload;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * A worker killed with SIGKILL while it streams a transformed chunk into its S3 backend as a
 * multipart upload cannot abort it; the next worker started on the same backend does. Both workers
 * are JVMs of their own started as users start them ({@code nexus serve --config FILE}); a plain
 * S3Proxy over a directory plays the real S3. A user's own upload, started directly in the same
 * bucket, is never touched.
 */
class AbandonedUploadCleanupIT {
    private static final String BUCKET = "lts";
    private static final String JOURNAL = "nexus-uploads";
    private static final Pattern SERVING = Pattern.compile("Nexus serving S3 at (http://\\S+?)[,;]");

    @TempDir
    static Path tmp;
    static S3Proxy realS3;
    static S3Client direct;

    @BeforeAll
    static void start() throws Exception {
        Files.createDirectories(tmp.resolve("real-s3"));
        realS3 = S3Proxy.builder().blobStore(new FilesystemNio2BlobStore(tmp.resolve("real-s3").toString()))
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, "real-access", "real-secret").build();
        realS3.start();
        direct = S3Clients.sync(URI.create("http://127.0.0.1:" + realS3.getPort()), "real-access", "real-secret");
    }

    @AfterAll
    static void stop() throws Exception {
        if (direct != null) {
            direct.close();
        }
        realS3.stop();
    }

    /** A worker's config: the S3 backend, a compressing policy (so chunks stream in, of unknown length). */
    static String config(String uploads) {
        return """
                listen: {port: 0, adminPort: -1}
                backend:
                  type: s3
                  endpoint: http://127.0.0.1:%d
                  accessKey: real-access
                  secretKey: real-secret
                  uploads: %s
                buckets: [%s]
                policies:
                  - name: squeeze
                    system: generic
                    bucket: %s
                    keyGlob: "**"
                    pipeline: [{name: zstd}]
                """.formatted(realS3.getPort(), uploads, BUCKET, BUCKET);
    }

    /** The worker's S3 endpoint once it serves. */
    static URI endpointOf(WorkerJvm worker) {
        return await().atMost(Duration.ofMinutes(3)).until(() -> {
            assertTrue(worker.alive(), () -> "the worker exited:\n" + worker.console());
            Matcher m = SERVING.matcher(worker.console());
            return m.find() ? URI.create(m.group(1)) : null;
        }, e -> e != null);
    }

    static List<MultipartUpload> openUploads() {
        return direct.listMultipartUploads(r -> r.bucket(BUCKET)).uploads();
    }

    static List<String> journal() {
        return direct.listObjectsV2(r -> r.bucket(JOURNAL)).contents().stream().map(o -> o.key()).toList();
    }

    @Test
    void aKilledWorkersOpenUploadIsAbortedByTheNextWorkerAndAUsersOwnUploadSurvives() throws Exception {
        byte[] usersPart = new byte[5 << 20];
        new Random(1).nextBytes(usersPart);
        byte[] chunk = new byte[30 << 20];
        new Random(2).nextBytes(chunk);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        CountDownLatch reached = new CountDownLatch(1);
        CountDownLatch resume = new CountDownLatch(1);
        try (WorkerJvm victim = WorkerJvm.serve(config("{}"), tmp.resolve("victim"))) {
            URI endpoint = endpointOf(victim);
            // the user's own multipart upload, made directly in the bucket, open for the whole test
            String usersUpload = direct.createMultipartUpload(r -> r.bucket(BUCKET).key("user/own")).uploadId();
            String usersETag = direct.uploadPart(r -> r.bucket(BUCKET).key("user/own").uploadId(usersUpload)
                    .partNumber(1), RequestBody.fromBytes(usersPart)).eTag();

            // the client stops sending after 16 MiB of 30: the worker has sent parts of it on by then
            Future<?> put;
            try (S3Client client = S3Client.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                    .forcePathStyle(true).credentialsProvider(StaticCredentialsProvider.create(
                            AwsBasicCredentials.create("nexus", "nexus-secret")))
                    .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())).build()) {
                put = pool.submit(() -> client.putObject(r -> r.bucket(BUCKET).key("seg/chunk"),
                        RequestBody.fromContentProvider(PausingBody.of(chunk, 16 << 20, reached, resume),
                                chunk.length, "application/octet-stream")));
                assertTrue(reached.await(3, TimeUnit.MINUTES), "the client never sent 16 MiB");
                String nexusUpload = await().atMost(Duration.ofMinutes(2)).until(() -> openUploads().stream()
                        .filter(u -> u.key().equals("seg/chunk")).map(MultipartUpload::uploadId)
                        .filter(id -> !direct.listParts(r -> r.bucket(BUCKET).key("seg/chunk").uploadId(id)).parts()
                                .isEmpty()).findFirst().orElse(null), id -> id != null);
                assertEquals(1, journal().size(), "the open upload is journaled: " + journal());

                victim.kill();
                resume.countDown();
                ExecutionException failed = assertThrows(ExecutionException.class, () -> put.get(2, TimeUnit.MINUTES));
                assertTrue(failed.getCause() instanceof software.amazon.awssdk.core.exception.SdkException,
                        failed.getCause().toString());
                // what the kill leaves: the worker's upload still open beside the user's, no object
                assertEquals(List.of(nexusUpload, usersUpload).stream().sorted().toList(),
                        openUploads().stream().map(MultipartUpload::uploadId).sorted().toList());
            }

            // the next worker: an upload without a part for 15 s is abandoned, and it looks every second
            try (WorkerJvm next = WorkerJvm.serve(config("{abandonedAfterSeconds: 15, sweepEverySeconds: 1}"),
                    tmp.resolve("next"))) {
                URI nextEndpoint = endpointOf(next);
                await().atMost(Duration.ofMinutes(2)).until(() -> openUploads().size() == 1 && journal().isEmpty());
                assertEquals(usersUpload, openUploads().get(0).uploadId());
                assertThrows(NoSuchKeyException.class, () -> direct.headObject(r -> r.bucket(BUCKET).key("seg/chunk")));
                try (S3Client viaNext = S3Clients.sync(nextEndpoint, "nexus", "nexus-secret")) {
                    assertThrows(NoSuchKeyException.class,
                            () -> viaNext.headObject(r -> r.bucket(BUCKET).key("seg/chunk")));
                    // the worker still stores chunks: a whole one goes through it as a multipart upload
                    viaNext.putObject(r -> r.bucket(BUCKET).key("seg/chunk"), RequestBody.fromBytes(chunk));
                    assertArrayEquals(chunk, viaNext.getObjectAsBytes(r -> r.bucket(BUCKET).key("seg/chunk"))
                            .asByteArray());
                }
                assertTrue(next.alive(), next.console());
            }
            // the user's upload was never touched: it completes with its part
            direct.completeMultipartUpload(r -> r.bucket(BUCKET).key("user/own").uploadId(usersUpload)
                    .multipartUpload(m -> m.parts(CompletedPart.builder().partNumber(1).eTag(usersETag).build())));
            assertArrayEquals(usersPart, direct.getObjectAsBytes(r -> r.bucket(BUCKET).key("user/own")).asByteArray());
            assertTrue(openUploads().isEmpty());
            assertFalse(journal().size() > 0, "journal: " + journal());
        } finally {
            resume.countDown();
            pool.shutdownNow();
        }
    }
}
