package io.xtremehub.nexus.tagging;

import java.io.InputStream;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadResponse;
import software.amazon.awssdk.services.s3.model.CopyObjectRequest;
import software.amazon.awssdk.services.s3.model.CopyObjectResponse;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectResponse;
import software.amazon.awssdk.services.s3.model.ListBucketsRequest;
import software.amazon.awssdk.services.s3.model.ListBucketsResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;

/**
 * Keeps object tags in step with the objects: applies {@code x-amz-tagging} on PutObject, the
 * tagging directive on CopyObject, clears the tags of an overwritten object and deletes those of a
 * deleted one, and hides the sidecar bucket from ListBuckets. The outermost middleware, so it sees
 * every request once, whichever worker ends up processing the chunk.
 */
public final class TaggingBlobStore extends ForwardingBlobStore {
    private final TagStore tags;

    /**
     * @param delegate the Nexus middleware (or the swarmlet router in front of it)
     * @param tags where tags are kept
     */
    public TaggingBlobStore(BlobStore delegate, TagStore tags) {
        super(delegate);
        this.tags = tags;
    }

    @Override
    public PutObjectResponse putBlob(PutObjectRequest request, InputStream payload) {
        TagSet requested = RequestTagging.current().tags(); // bad tags are refused before anything is written
        PutObjectResponse response = delegate().putBlob(request, payload);
        tags.replaceUser(request.bucket(), request.key(), requested);
        return response;
    }

    @Override
    public CopyObjectResponse copyBlob(CopyObjectRequest request) {
        RequestTagging headers = RequestTagging.current();
        TagSet requested = headers.replaces() ? headers.tags()
                : tags.read(request.sourceBucket(), request.sourceKey()).user();
        CopyObjectResponse response = delegate().copyBlob(request);
        tags.replaceUser(request.destinationBucket(), request.destinationKey(), requested);
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
        if (RequestTagging.current().tagging() != null) {
            throw new TaggingException(501, "NotImplemented", "x-amz-tagging is not supported on multipart uploads:"
                    + " tag the object with PutObjectTagging once the upload is complete");
        }
        return delegate().initiateMultipartUpload(request);
    }

    @Override
    public CompleteMultipartUploadResponse completeMultipartUpload(MultipartUpload mpu,
                                                                   CompleteMultipartUploadRequest request) {
        CompleteMultipartUploadResponse response = delegate().completeMultipartUpload(mpu, request);
        tags.replaceUser(mpu.containerName(), mpu.blobName(), TagSet.empty());
        return response;
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
