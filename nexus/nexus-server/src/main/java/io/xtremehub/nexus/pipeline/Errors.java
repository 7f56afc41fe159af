package io.xtremehub.nexus.pipeline;

import com.google.common.base.Throwables;
import org.gaul.s3proxy.S3ErrorCode;
import org.gaul.s3proxy.S3ProxyException;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** Turns pipeline failures into S3 errors with one clear line. */
public final class Errors {
    private Errors() {
    }

    /** The S3 error to answer with: an S3 error found in the cause chain, else InternalError with the message. */
    static RuntimeException toS3(Throwable t, String what) {
        for (Throwable c : Throwables.getCausalChain(t)) {
            if (c instanceof AwsServiceException ase) {
                return ase;
            }
        }
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return new S3ProxyException(S3ErrorCode.INTERNAL_ERROR, what + ": " + message);
    }

    /**
     * The S3 error clients retry (503 SlowDown, which the AWS SDKs back off and retry): the request
     * was not applied here, and applying it again elsewhere is safe.
     */
    public static S3Exception retryable(String message) {
        return (S3Exception) S3Exception.builder().statusCode(503).message(message + "; retry")
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("SlowDown").errorMessage(message + "; retry")
                        .build()).build();
    }

    /** The S3 error for a request Nexus refuses. */
    static S3ProxyException invalid(String message) {
        return new S3ProxyException(S3ErrorCode.INVALID_ARGUMENT, message);
    }
}
