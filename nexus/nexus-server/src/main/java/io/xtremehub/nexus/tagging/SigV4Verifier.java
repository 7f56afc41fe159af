package io.xtremehub.nexus.tagging;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.auth.AwsSignature;
import org.gaul.s3proxy.auth.S3AuthorizationHeader;

/**
 * Checks the AWS Signature Version 4 of a request that Nexus answers itself (object tagging), with
 * the same credentials and S3Proxy's own canonical-request code as every other request: the access
 * key must match, the body must hash to {@code x-amz-content-sha256}, the signature must match and
 * {@code x-amz-date} must be within 15 minutes of now.
 */
final class SigV4Verifier {
    private static final Duration MAX_SKEW = Duration.ofMinutes(15);
    private static final DateTimeFormatter AMZ_DATE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private final String accessKey;
    private final String secretKey;

    /** @param accessKey the access key clients sign with; null turns checking off (anonymous Nexus) */
    SigV4Verifier(String accessKey, String secretKey) {
        this.accessKey = accessKey;
        this.secretKey = secretKey;
    }

    /**
     * Throws a {@link TaggingException} (403 for a wrong or missing signature) unless the request is
     * signed with the configured credentials.
     *
     * @param body the whole request body
     */
    void verify(HttpServletRequest request, byte[] body) {
        if (accessKey == null) {
            return;
        }
        String authorization = request.getHeader("Authorization");
        if (authorization == null) {
            if (request.getQueryString() != null && request.getQueryString().contains("X-Amz-Signature")) {
                throw denied("AccessDenied", "presigned URLs are not accepted for object tagging: sign the request"
                        + " with an Authorization header");
            }
            throw denied("AccessDenied", "the request is not signed");
        }
        S3AuthorizationHeader header;
        try {
            header = new S3AuthorizationHeader(authorization);
        } catch (IllegalArgumentException e) {
            throw denied("AccessDenied", "malformed Authorization header: " + e.getMessage());
        }
        if (header.getAuthenticationType() != AuthenticationType.AWS_V4) {
            throw denied("AccessDenied", "object tagging requests must be signed with AWS Signature Version 4");
        }
        if (!accessKey.equals(header.getIdentity())) {
            throw denied("InvalidAccessKeyId", "the access key id you provided does not exist in our records");
        }
        checkDate(request.getHeader("x-amz-date"));
        String contentSha256 = request.getHeader("x-amz-content-sha256");
        String verifiedHash = null;
        if (contentSha256 == null) {
            throw new TaggingException(400, "InvalidRequest", "missing x-amz-content-sha256 header");
        } else if (contentSha256.startsWith("STREAMING-")) {
            throw new TaggingException(501, "NotImplemented", "object tagging requests with a " + contentSha256
                    + " body are not supported: send the Tagging document in one piece");
        } else if (!"UNSIGNED-PAYLOAD".equals(contentSha256)) {
            String actual = sha256Hex(body);
            if (!actual.equalsIgnoreCase(contentSha256)) {
                throw new TaggingException(400, "XAmzContentSHA256Mismatch",
                        "the body does not hash to x-amz-content-sha256");
            }
            verifiedHash = contentSha256;
        }
        String expected;
        try {
            expected = AwsSignature.createAuthorizationSignatureV4(request, header, body, request.getRequestURI(),
                    secretKey, false, null, verifiedHash).signature();
        } catch (IOException | GeneralSecurityException e) {
            throw denied("AccessDenied", "the signature cannot be checked: " + e.getMessage());
        } catch (RuntimeException e) {
            throw denied("AccessDenied", "the signature cannot be checked: " + e.getMessage());
        }
        if (!MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                String.valueOf(header.getSignature()).getBytes(StandardCharsets.US_ASCII))) {
            throw denied("SignatureDoesNotMatch", "the request signature we calculated does not match the signature"
                    + " you provided: check your secret key and signing method");
        }
    }

    private static void checkDate(String amzDate) {
        if (amzDate == null) {
            throw denied("AccessDenied", "missing x-amz-date header");
        }
        Instant signed;
        try {
            signed = Instant.from(AMZ_DATE.parse(amzDate));
        } catch (DateTimeParseException e) {
            throw denied("AccessDenied", "x-amz-date '" + amzDate + "' is not yyyyMMdd'T'HHmmss'Z'");
        }
        if (Duration.between(signed, Instant.now()).abs().compareTo(MAX_SKEW) > 0) {
            throw denied("RequestTimeTooSkewed", "the difference between the request time and the current time"
                    + " is too large");
        }
    }

    private static TaggingException denied(String code, String message) {
        return new TaggingException(403, code, message);
    }

    static String sha256Hex(byte[] body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
