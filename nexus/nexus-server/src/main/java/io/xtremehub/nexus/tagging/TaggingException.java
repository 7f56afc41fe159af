package io.xtremehub.nexus.tagging;

import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * An S3 error of a tagging request, with its status and code ({@code InvalidTag}, {@code MalformedXML},
 * ...). S3Proxy renders it as an S3 error document when a blob store throws it; the tagging filter
 * renders it itself.
 */
public final class TaggingException extends S3Exception {
    private static final long serialVersionUID = 1L;

    /**
     * @param status HTTP status
     * @param code S3 error code
     * @param message one line saying what was wrong
     */
    public TaggingException(int status, String code, String message) {
        super(S3Exception.builder().statusCode(status).message(message)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).errorMessage(message).build()));
    }

    /** The S3 error code. */
    public String code() {
        return awsErrorDetails().errorCode();
    }

    /** The one-line message. */
    public String detail() {
        return awsErrorDetails().errorMessage();
    }
}
