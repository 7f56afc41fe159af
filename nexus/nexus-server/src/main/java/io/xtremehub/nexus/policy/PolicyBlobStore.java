package io.xtremehub.nexus.policy;

import java.io.InputStream;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.CopyObjectRequest;
import software.amazon.awssdk.services.s3.model.CopyObjectResponse;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectResponse;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;

/**
 * Where a request enters the Nexus chain: attaches the {@link RequestPolicy} of the object it writes
 * or reads (for CopyObject, of the destination), so the layers below share one decision instead of
 * each matching the policies again.
 */
public final class PolicyBlobStore extends ForwardingBlobStore {
    private final PolicyResolver policies;

    private PolicyBlobStore(BlobStore delegate, PolicyResolver policies) {
        super(delegate);
        this.policies = policies;
    }

    /** Resolves policies once per request for everything below {@code delegate}. */
    public static BlobStore resolvingPolicies(BlobStore delegate, PolicyResolver policies) {
        return new PolicyBlobStore(delegate, policies);
    }

    @Override
    public PutObjectResponse putBlob(PutObjectRequest request, InputStream payload) {
        return delegate().putBlob(policies.decide(request.bucket(), request.key()).attachTo(request), payload);
    }

    @Override
    public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
        return delegate().getBlob(policies.decide(request.bucket(), request.key()).attachTo(request));
    }

    @Override
    public HeadObjectResponse blobMetadata(HeadObjectRequest request) {
        return delegate().blobMetadata(policies.decide(request.bucket(), request.key()).attachTo(request));
    }

    @Override
    public DeleteObjectResponse removeBlob(DeleteObjectRequest request) {
        return delegate().removeBlob(policies.decide(request.bucket(), request.key()).attachTo(request));
    }

    @Override
    public CopyObjectResponse copyBlob(CopyObjectRequest request) {
        return delegate().copyBlob(policies.decide(request.destinationBucket(), request.destinationKey())
                .attachTo(request));
    }

    @Override
    public MultipartUpload initiateMultipartUpload(CreateMultipartUploadRequest request) {
        return delegate().initiateMultipartUpload(policies.decide(request.bucket(), request.key())
                .attachTo(request));
    }
}
