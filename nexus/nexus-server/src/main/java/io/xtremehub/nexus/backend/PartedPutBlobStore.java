package io.xtremehub.nexus.backend;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.SdkRequests;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadResponse;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;

/**
 * Over a backend whose client must send an object's length before its bytes (the S3 backend):
 * stores a body whose length is not known (a transformed chunk streamed in, its marker trailing its
 * bytes) without spooling it. A body shorter than one part is one PUT; a longer one a multipart
 * upload of parts of {@code partSize} bytes (the last one shorter), read one at a time into one
 * buffer, so an upload holds at most one part in memory, and all uploads of the worker together at
 * most its {@link PartBudget}. The object appears when the upload completes; any failure (the body
 * breaking off, a part refused) aborts the upload, so no partial object and no orphaned upload is
 * left behind. Each multipart upload is recorded in an {@link UploadJournal} while it is open
 * (refreshed at each part), so one a killed worker could not abort is found and aborted by the
 * {@link AbandonedUploadSweeper} of a worker started later. Bodies of known length pass through.
 */
public final class PartedPutBlobStore extends ForwardingBlobStore {
    /** S3's smallest part (but the last): the default part size. */
    public static final int MIN_PART_SIZE = 5 << 20;
    private static final Logger LOG = LoggerFactory.getLogger(PartedPutBlobStore.class);

    private final int partSize;
    private final PartBudget budget;
    private final UploadJournal journal; // null: uploads are not recorded

    private PartedPutBlobStore(BlobStore backend, int partSize, PartBudget budget, UploadJournal journal) {
        super(backend);
        this.partSize = partSize;
        this.budget = budget;
        this.journal = journal;
    }

    /**
     * The layer over {@code backend}, uploading parts of {@code partSize} bytes, with no memory
     * budget and no journal (a one-off client's, or a test's).
     *
     * @throws IllegalArgumentException if the backend takes no parts that small
     */
    public static PartedPutBlobStore over(BlobStore backend, int partSize) {
        return over(backend, partSize, PartBudget.unlimited(), null);
    }

    /**
     * A worker's layer over {@code backend}: parts of {@code partSize} bytes, buffers within {@code
     * budget}, open uploads recorded in {@code journal} (null for none).
     *
     * @throws IllegalArgumentException if the backend takes no parts that small, or the budget has no room for one
     */
    public static PartedPutBlobStore over(BlobStore backend, int partSize, PartBudget budget, UploadJournal journal) {
        long least = backend.getMinimumMultipartPartSize();
        if (partSize < least) {
            throw new IllegalArgumentException("part size " + partSize + " is below the backend's minimum of "
                    + least + " bytes; use at least that");
        }
        if (budget.limit() < partSize) {
            throw new IllegalArgumentException("part buffer budget of " + budget.limit() + " bytes is below one part of "
                    + partSize + " bytes; give it at least that");
        }
        return new PartedPutBlobStore(backend, partSize, budget, journal);
    }

    /** Bytes of each part of a multipart upload (the last may be fewer). */
    public int partSize() {
        return partSize;
    }

    @Override
    public PutObjectResponse putBlob(PutObjectRequest request, InputStream payload) {
        if (request.contentLength() != null) {
            return delegate().putBlob(request, payload);
        }
        if (request.contentMD5() != null) {
            throw new IllegalArgumentException("a Content-MD5 needs the Content-Length of " + request.bucket() + "/"
                    + request.key() + ": send both or neither");
        }
        try (PartBuffer part = new PartBuffer(partSize, budget, request.bucket() + "/" + request.key())) {
            boolean full = fill(part, payload, request);
            if (!full) {
                return delegate().putBlob(request.toBuilder().contentLength((long) part.length()).build(),
                        part.stream());
            }
            return putInParts(request, payload, part);
        }
    }

    private PutObjectResponse putInParts(PutObjectRequest request, InputStream payload, PartBuffer part) {
        MultipartUpload upload = delegate().initiateMultipartUpload(initiation(request));
        try {
            List<CompletedPart> parts = new ArrayList<>();
            boolean full;
            do {
                parts.add(upload(upload, parts.size() + 1, part));
                full = fill(part, payload, request);
            } while (full);
            if (part.length() > 0) {
                parts.add(upload(upload, parts.size() + 1, part)); // the last, shorter part
            }
            CompleteMultipartUploadResponse done = delegate().completeMultipartUpload(upload,
                    SdkRequests.completeRequest(upload, parts));
            forget(upload);
            return PutObjectResponse.builder().eTag(done.eTag()).versionId(done.versionId()).build();
        } catch (RuntimeException | Error e) {
            abort(upload, e);
            throw e;
        }
    }

    private void forget(MultipartUpload upload) {
        if (journal != null) {
            journal.forget(upload.containerName(), upload.id());
        }
    }

    private CompletedPart upload(MultipartUpload upload, int number, PartBuffer part) {
        if (journal != null) {
            // recorded before its first part, refreshed before each next: a sweeper takes it as abandoned
            // only once no part came for its age, however long the whole upload takes
            journal.record(upload);
        }
        UploadPartRequest request = UploadPartRequest.builder().bucket(upload.containerName())
                .key(upload.blobName()).uploadId(upload.id()).partNumber(number)
                .contentLength((long) part.length()).build();
        String eTag = delegate().uploadMultipartPart(upload, request, part.stream()).eTag();
        return CompletedPart.builder().partNumber(number).eTag(eTag).build();
    }

    private static boolean fill(PartBuffer part, InputStream payload, PutObjectRequest request) {
        try {
            return part.fill(payload);
        } catch (IOException e) {
            throw new UncheckedIOException("the body of " + request.bucket() + "/" + request.key()
                    + " broke off: " + e.getMessage(), e);
        }
    }

    /** Aborts an upload that failed, so its parts do not linger unseen (and unpaid for) in the backend. */
    private void abort(MultipartUpload upload, Throwable cause) {
        try {
            delegate().abortMultipartUpload(upload);
            forget(upload);
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
            LOG.warn("multipart upload {} of {}/{} failed and could not be aborted ({}): its parts stay in the"
                    + " backend until a worker's sweep of abandoned uploads (or a lifecycle rule) removes them",
                    upload.id(), upload.containerName(), upload.blobName(), e.toString());
        }
    }

    /** The multipart upload of what {@code put} would have stored: same key, metadata and headers. */
    private static CreateMultipartUploadRequest initiation(PutObjectRequest put) {
        return CreateMultipartUploadRequest.builder().bucket(put.bucket()).key(put.key()).metadata(put.metadata())
                .contentType(put.contentType()).contentEncoding(put.contentEncoding())
                .contentDisposition(put.contentDisposition()).contentLanguage(put.contentLanguage())
                .cacheControl(put.cacheControl()).expires(put.expires()).storageClass(put.storageClass())
                .acl(put.acl()).tagging(put.tagging()).build();
    }
}
