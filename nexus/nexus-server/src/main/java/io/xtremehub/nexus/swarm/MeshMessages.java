package io.xtremehub.nexus.swarm;

import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * What travels between the workers of a swarmlet with a forwarded chunk: the parts of the S3
 * request and response Nexus uses, as JSON in the {@value #REQUEST_HEADER} and
 * {@value #RESPONSE_HEADER} headers (the chunk itself is the HTTP body), and errors as JSON bodies.
 */
final class MeshMessages {
    static final String REQUEST_HEADER = "X-Nexus-Request";
    static final String RESPONSE_HEADER = "X-Nexus-Response";
    static final String HOP_HEADER = "X-Nexus-Hop";
    /** The answer of a worker whose policy version is not the sender's. */
    static final int VERSION_MISMATCH = 412;

    private MeshMessages() {
    }

    /** A forwarded PutObject. */
    record Put(String bucket, String key, Long contentLength, String contentType, String contentMD5,
               String cacheControl, String contentDisposition, String contentEncoding, String contentLanguage,
               Map<String, String> metadata) {
        static Put of(PutObjectRequest r) {
            return new Put(r.bucket(), r.key(), r.contentLength(), r.contentType(), r.contentMD5(), r.cacheControl(),
                    r.contentDisposition(), r.contentEncoding(), r.contentLanguage(),
                    r.hasMetadata() ? r.metadata() : Map.of());
        }

        PutObjectRequest toRequest() {
            return PutObjectRequest.builder().bucket(bucket).key(key).contentLength(contentLength)
                    .contentType(contentType).contentMD5(contentMD5).cacheControl(cacheControl)
                    .contentDisposition(contentDisposition).contentEncoding(contentEncoding)
                    .contentLanguage(contentLanguage).metadata(metadata).build();
        }
    }

    /** A forwarded GetObject. */
    record Get(String bucket, String key, String range, String ifMatch, String ifNoneMatch, Long ifModifiedSince,
               Long ifUnmodifiedSince) {
        static Get of(GetObjectRequest r) {
            return new Get(r.bucket(), r.key(), r.range(), r.ifMatch(), r.ifNoneMatch(), millis(r.ifModifiedSince()),
                    millis(r.ifUnmodifiedSince()));
        }

        GetObjectRequest toRequest() {
            return GetObjectRequest.builder().bucket(bucket).key(key).range(range).ifMatch(ifMatch)
                    .ifNoneMatch(ifNoneMatch).ifModifiedSince(instant(ifModifiedSince))
                    .ifUnmodifiedSince(instant(ifUnmodifiedSince)).build();
        }
    }

    /** The answer to a forwarded GetObject (the body follows). */
    record GetAnswer(Long contentLength, String contentRange, String eTag, Long lastModified, String contentType,
                     String contentEncoding, String cacheControl, String contentDisposition, String contentLanguage,
                     Map<String, String> metadata) {
        static GetAnswer of(GetObjectResponse r) {
            return new GetAnswer(r.contentLength(), r.contentRange(), r.eTag(), millis(r.lastModified()),
                    r.contentType(), r.contentEncoding(), r.cacheControl(), r.contentDisposition(),
                    r.contentLanguage(), r.hasMetadata() ? r.metadata() : Map.of());
        }

        static GetAnswer of(HeadObjectResponse r) {
            return new GetAnswer(r.contentLength(), null, r.eTag(), millis(r.lastModified()), r.contentType(),
                    r.contentEncoding(), r.cacheControl(), r.contentDisposition(), r.contentLanguage(),
                    r.hasMetadata() ? r.metadata() : Map.of());
        }

        HeadObjectResponse toHead() {
            return HeadObjectResponse.builder().contentLength(contentLength).eTag(eTag)
                    .lastModified(instant(lastModified)).contentType(contentType).contentEncoding(contentEncoding)
                    .cacheControl(cacheControl).contentDisposition(contentDisposition)
                    .contentLanguage(contentLanguage).metadata(metadata).build();
        }

        GetObjectResponse toResponse() {
            return GetObjectResponse.builder().contentLength(contentLength).contentRange(contentRange).eTag(eTag)
                    .lastModified(instant(lastModified)).contentType(contentType).contentEncoding(contentEncoding)
                    .cacheControl(cacheControl).contentDisposition(contentDisposition)
                    .contentLanguage(contentLanguage).metadata(metadata).build();
        }
    }

    /**
     * A chunk handed to the next hop of its pipeline: the policy version it is processed with, the
     * step it resumes at, the swarmlet the client's request arrived at, and the ETag the client sees
     * when the entry knew it before the bytes (a multipart completion's), else null.
     */
    record HopHeader(String policy, long version, int from, String arrival, String eTag) {
    }

    /** The answer of a worker that runs another version of the policy. */
    record VersionMismatch(String policy, long version) {
    }

    /** The answer to a forwarded PutObject. */
    record PutAnswer(String eTag) {
    }

    /** An S3 error, carried with its status and code. */
    record Failure(int status, String code, String message) {
        static Failure of(S3Exception e) {
            AwsErrorDetails d = e.awsErrorDetails();
            return new Failure(e.statusCode(), d == null ? "InternalError" : d.errorCode(),
                    d == null || d.errorMessage() == null ? e.getMessage() : d.errorMessage());
        }

        S3Exception toException() {
            return (S3Exception) S3Exception.builder().statusCode(status).message(message)
                    .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).errorMessage(message).build()).build();
        }
    }

    /** The answer clients retry: the partition has another owner, or the owner cannot be reached. */
    static S3Exception slowDown(String why) {
        return new Failure(503, "SlowDown", why + "; retry").toException();
    }

    private static Long millis(Instant i) {
        return i == null ? null : i.toEpochMilli();
    }

    private static Instant instant(Long ms) {
        return ms == null ? null : Instant.ofEpochMilli(ms);
    }
}
