package io.xtremehub.nexus.backend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.Backend;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.SdkRequests;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;

/**
 * The sweep of abandoned uploads against a real S3 endpoint (an S3Proxy over a directory), through
 * the S3 backend's own client: it aborts journaled uploads older than its age and nothing else.
 */
class AbandonedUploadSweeperIT {
    private static final int PART = PartedPutBlobStore.MIN_PART_SIZE;
    private static final String BUCKET = "swept";

    @TempDir
    static Path tmp;
    static LocalS3 s3;
    static BlobStore sdk;

    @BeforeAll
    static void start() throws Exception {
        s3 = LocalS3.start(tmp, BUCKET);
        sdk = s3.sdk();
    }

    @AfterAll
    static void stop() throws Exception {
        s3.close();
    }

    static MultipartUpload openWithOnePart(String key) {
        MultipartUpload upload = sdk.initiateMultipartUpload(CreateMultipartUploadRequest.builder().bucket(BUCKET)
                .key(key).build());
        sdk.uploadMultipartPart(upload, UploadPartRequest.builder().bucket(BUCKET).key(key).uploadId(upload.id())
                .partNumber(1).contentLength((long) PART).build(), new ByteArrayInputStream(new byte[PART]));
        return upload;
    }

    static Set<String> openUploads() {
        return sdk.listMultipartUploads(BUCKET).stream().map(u -> u.uploadId()).collect(Collectors.toSet());
    }

    @Test
    void onlyJournaledUploadsOlderThanTheAgeAreAbortedAndEndedOnesAreForgotten() throws Exception {
        UploadJournal journal = new UploadJournal(sdk, "journal-swept");
        MultipartUpload abandoned = openWithOnePart("seg/abandoned");
        journal.record(abandoned);
        MultipartUpload users = openWithOnePart("seg/users-own"); // started directly: never journaled
        // journaled, then completed by its worker, which was killed before it could forget it
        byte[] small = new byte[1000];
        new Random(5).nextBytes(small);
        MultipartUpload completed = sdk.initiateMultipartUpload(CreateMultipartUploadRequest.builder().bucket(BUCKET)
                .key("seg/completed").build());
        journal.record(completed);
        String eTag = sdk.uploadMultipartPart(completed, UploadPartRequest.builder().bucket(BUCKET)
                .key("seg/completed").uploadId(completed.id()).partNumber(1).contentLength((long) small.length)
                .build(), new ByteArrayInputStream(small)).eTag();
        sdk.completeMultipartUpload(completed, SdkRequests.completeRequest(completed,
                List.of(CompletedPart.builder().partNumber(1).eTag(eTag).build())));
        assertEquals(Set.of(abandoned.id(), users.id()), openUploads());

        // younger than the age: a live worker's upload, left alone
        assertEquals(0, AbandonedUploadSweeper.idle(sdk, journal, Duration.ofHours(1)).sweep());
        assertEquals(Set.of(abandoned.id(), users.id()), openUploads());
        assertEquals(2, sdk.list("journal-swept").contents().size());

        assertEquals(1, AbandonedUploadSweeper.idle(sdk, journal, Duration.ZERO).sweep());
        assertEquals(Set.of(users.id()), openUploads());
        assertFalse(sdk.blobExists(BUCKET, "seg/abandoned"));
        assertEquals(List.of(), sdk.list("journal-swept").contents());
        try (InputStream in = sdk.getBlob(GetObjectRequest.builder().bucket(BUCKET).key("seg/completed").build())) {
            assertArrayEquals(small, in.readAllBytes()); // aborting an upload that ended touches nothing
        }
        // the user's upload still completes
        String usersPart = sdk.listMultipartUpload(users).get(0).eTag();
        sdk.completeMultipartUpload(users, SdkRequests.completeRequest(users,
                List.of(CompletedPart.builder().partNumber(1).eTag(usersPart).build())));
        assertEquals(PART, sdk.blobMetadata(BUCKET, "seg/users-own").contentLength());
    }

    @Test
    void aJournalThatWasNeverWrittenSweepsNothing() {
        UploadJournal journal = new UploadJournal(sdk, "journal-never");
        assertEquals(0, AbandonedUploadSweeper.idle(sdk, journal, Duration.ZERO).sweep());
        assertFalse(sdk.containerExists("journal-never"));
    }

    @Test
    void badSettingsAreOneLineErrors() {
        IllegalArgumentException age = assertThrows(IllegalArgumentException.class,
                () -> S3Uploads.builder().abandonedAfter(Duration.ofSeconds(-1)).build());
        assertEquals("the age of an abandoned upload must not be negative, not PT-1S", age.getMessage());
        IllegalArgumentException every = assertThrows(IllegalArgumentException.class,
                () -> S3Uploads.builder().sweepEvery(Duration.ZERO).build());
        assertEquals("the upload sweep period must be positive, not PT0S", every.getMessage());
        IllegalArgumentException budget = assertThrows(IllegalArgumentException.class,
                () -> S3Uploads.builder().partBufferBudget(1 << 20).build());
        assertEquals("the part buffer budget must hold at least one part of 5242880 bytes, not 1048576",
                budget.getMessage());
        assertTrue(S3Uploads.defaults().partBufferBudget() == 64L << 20);
    }
}
