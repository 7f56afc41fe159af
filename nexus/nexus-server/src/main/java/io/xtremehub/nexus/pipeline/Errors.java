package io.xtremehub.nexus.pipeline;

import com.google.common.base.Throwables;
import org.gaul.s3proxy.S3ErrorCode;
import org.gaul.s3proxy.S3ProxyException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/** Turns pipeline failures into S3 errors with one clear line. */
final class Errors {
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

    /** The S3 error for a request Nexus refuses. */
    static S3ProxyException invalid(String message) {
        return new S3ProxyException(S3ErrorCode.INVALID_ARGUMENT, message);
    }
}
