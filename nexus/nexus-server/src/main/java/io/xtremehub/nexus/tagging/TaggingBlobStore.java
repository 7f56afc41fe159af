package io.xtremehub.nexus.tagging;

import io.xtremehub.nexus.marker.ObjectVersions;
import io.xtremehub.nexus.policy.RequestPolicy;
import java.io.InputStream;
import java.util.Optional;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadResponse;
import software.amazon.awssdk.services.s3.model.CopyObjectRequest;
import software.amazon.awssdk.services.s3.model.CopyObjectResponse;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectResponse;
import software.amazon.awssdk.services.s3.model.ListBucketsRequest;
import software.amazon.awssdk.services.s3.model.ListBucketsResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;

/**
 * Keeps object tags in step with the objects: applies {@code x-amz-tagging} on PutObject, the
 * tagging directive on CopyObject, clears the tags of an overwritten object and deletes those of a
 * deleted one, and hides the sidecar bucket from ListBuckets. It sits above partition routing, so it
 * sees every request once, on the worker the client called, whichever worker ends up processing the
 * chunk. Whether a write is marked comes from the request's {@link RequestPolicy}, the decision the
 * write itself is made with.
 */
public final class TaggingBlobStore extends ForwardingBlobStore {
    private static final Logger LOG = LoggerFactory.getLogger(TaggingBlobStore.class);

    private final ObjectTags tags;
    private final ObjectVersions objects;

    private TaggingBlobStore(BlobStore delegate, ObjectTags tags, ObjectVersions objects) {
        super(delegate);
        this.tags = tags;
        this.objects = objects;
    }

    /**
     * Keeps tags in step for everything below {@code delegate}.
     *
     * @param tags the client tags of objects
     * @param objects write ids of objects
     */
    public static BlobStore keepingTags(BlobStore delegate, ObjectTags tags, ObjectVersions objects) {
        return new TaggingBlobStore(delegate, tags, objects);
    }

    @Override
    public PutObjectResponse putBlob(PutObjectRequest request, InputStream payload) {
        TagSet requested = RequestTagging.current().tags(); // bad tags are refused before anything is written
        boolean marked = RequestPolicy.of(request).applies();
        PutObjectResponse response = delegate().putBlob(request, payload);
        tagWritten(request.bucket(), request.key(), requested, marked);
        return response;
    }

    /**
     * Gives a just-written object its tags. A marked object is a new version by its fresh write id,
     * so without tags nothing needs doing (the sidecar work a PUT would otherwise cost); an unmarked
     * one has its predecessor's tags replaced.
     *
     * @param marked whether the request's policy decision, the one the write was made with, marks it
     */
    private void tagWritten(String bucket, String key, TagSet requested, boolean marked) {
        if (!marked) {
            tags.replace(bucket, key, null, requested);
        } else if (!requested.isEmpty()) {
            tags.replace(bucket, key, writeIdHere(bucket, key).orElse(null), requested);
        }
    }

    /**
     * The write id of an object in this worker's backend; empty if it has none, or if another
     * swarmlet stores it (its policy's last step runs there): its tags then stay with this worker
     * under no write id.
     */
    private Optional<String> writeIdHere(String bucket, String key) {
        try {
            return objects.writeIdOf(bucket, key);
        } catch (NoSuchKeyException e) {
            LOG.debug("{}/{} is not in this worker's backend: tags kept without a write id", bucket, key);
            return Optional.empty();
        }
    }

    @Override
    public CopyObjectResponse copyBlob(CopyObjectRequest request) {
        RequestTagging headers = RequestTagging.current();
        TagSet requested = headers.replaces() ? headers.tags()
                : tags.of(request.sourceBucket(), request.sourceKey(),
                        writeIdHere(request.sourceBucket(), request.sourceKey()).orElse(null));
        boolean marked = RequestPolicy.of(request).applies();
        CopyObjectResponse response = delegate().copyBlob(request);
        tagWritten(request.destinationBucket(), request.destinationKey(), requested, marked);
        return response;
    }

    @Override
    public DeleteObjectResponse removeBlob(DeleteObjectRequest request) {
        DeleteObjectResponse response = delegate().removeBlob(request);
        tags.delete(request.bucket(), request.key());
        return response;
    }

    @Override
    public MultipartUpload initiateMultipartUpload(CreateMultipartUploadRequest request) {
        TagSet requested = RequestTagging.current().tags(); // bad tags are refused before the upload starts
        MultipartUpload upload = delegate().initiateMultipartUpload(request);
        if (!requested.isEmpty()) {
            tags.holdForUpload(upload.id(), requested);
        }
        return upload;
    }

    @Override
    public CompleteMultipartUploadResponse completeMultipartUpload(MultipartUpload mpu,
                                                                   CompleteMultipartUploadRequest request) {
        CompleteMultipartUploadResponse response = delegate().completeMultipartUpload(mpu, request);
        // whether the upload is marked was decided when it started, so ask the object itself
        Optional<String> writeId = writeIdHere(mpu.containerName(), mpu.blobName());
        tags.replace(mpu.containerName(), mpu.blobName(), writeId.orElse(null), tags.takeForUpload(mpu.id()));
        return response;
    }

    @Override
    public void abortMultipartUpload(MultipartUpload mpu) {
        delegate().abortMultipartUpload(mpu);
        tags.dropForUpload(mpu.id());
    }

    @Override
    public ListBucketsResponse list() {
        return hideSidecars(delegate().list());
    }

    @Override
    public ListBucketsResponse list(ListBucketsRequest request) {
        return hideSidecars(delegate().list(request));
    }

    private ListBucketsResponse hideSidecars(ListBucketsResponse response) {
        return response.toBuilder().buckets(response.buckets().stream()
                .filter(b -> !b.name().equals(tags.bucket())).toList()).build();
    }
}
