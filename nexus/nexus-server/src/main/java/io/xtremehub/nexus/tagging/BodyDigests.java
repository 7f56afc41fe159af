package io.xtremehub.nexus.tagging;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import java.util.zip.Checksum;

/** Checks the digests a client sent with a small body (Content-MD5, x-amz-checksum-*): BadDigest if one differs. */
final class BodyDigests {
    private BodyDigests() {
    }

    static void check(HttpServletRequest request, byte[] body) {
        expect(request.getHeader("Content-MD5"), () -> digest("MD5", body), "Content-MD5");
        expect(request.getHeader("x-amz-checksum-crc32"), () -> crc(new CRC32(), body), "x-amz-checksum-crc32");
        expect(request.getHeader("x-amz-checksum-crc32c"), () -> crc(new CRC32C(), body), "x-amz-checksum-crc32c");
        expect(request.getHeader("x-amz-checksum-sha1"), () -> digest("SHA-1", body), "x-amz-checksum-sha1");
        expect(request.getHeader("x-amz-checksum-sha256"), () -> digest("SHA-256", body), "x-amz-checksum-sha256");
    }

    private static void expect(String header, java.util.function.Supplier<byte[]> actual, String name) {
        if (header == null) {
            return;
        }
        byte[] expected;
        try {
            expected = Base64.getDecoder().decode(header.trim());
        } catch (IllegalArgumentException e) {
            throw new TaggingException(400, "InvalidDigest", name + " is not base64");
        }
        if (!MessageDigest.isEqual(expected, actual.get())) {
            throw new TaggingException(400, "BadDigest", "the body does not match its " + name);
        }
    }

    private static byte[] crc(Checksum crc, byte[] body) {
        crc.update(body, 0, body.length);
        return ByteBuffer.allocate(4).putInt((int) crc.getValue()).array();
    }

    private static byte[] digest(String algorithm, byte[] body) {
        try {
            return MessageDigest.getInstance(algorithm).digest(body);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is missing from this JVM", e);
        }
    }
}
