package io.xtremehub.nexus.marker;

import java.util.Optional;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.S3Exceptions;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;

/**
 * Which write stored the current version of an object: the write id in its marker, read from the
 * backend. Object tags and the pipeline context belong to one version, and this tells which.
 */
public final class ObjectVersions {
    private final BlobStore backend;

    /** @param backend the store objects and their markers live in */
    public ObjectVersions(BlobStore backend) {
        this.backend = backend;
    }

    /**
     * The write id of the object's current version (empty for an object without a marker, which no
     * pipeline wrote).
     *
     * @throws software.amazon.awssdk.awscore.exception.AwsServiceException NoSuchKey / NoSuchBucket if it
     *     does not exist
     */
    public Optional<String> writeIdOf(String bucket, String key) {
        HeadObjectResponse head = backend.blobMetadata(HeadObjectRequest.builder().bucket(bucket).key(key).build());
        if (head == null) {
            throw S3Exceptions.noSuchKey(bucket, key, null);
        }
        return ObjectMarker.from(head.metadata()).map(ObjectMarker::writeId);
    }
}
