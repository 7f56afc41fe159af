package io.xtremehub.nexus.pipeline;

import org.gaul.s3proxy.S3ErrorCode;
import org.gaul.s3proxy.S3ProxyException;

/**
 * A single HTTP byte range resolved against an object length.
 *
 * @param first first byte, inclusive
 * @param last last byte, inclusive
 */
record RangeSpec(long first, long last) {
    /**
     * Resolves {@code bytes=a-b}, {@code bytes=a-} or {@code bytes=-n}.
     *
     * @throws S3ProxyException InvalidRange (416) if the range is not satisfiable
     */
    static RangeSpec parse(String header, long length) {
        if (header == null || !header.startsWith("bytes=") || header.indexOf(',') >= 0) {
            throw new S3ProxyException(S3ErrorCode.INVALID_RANGE);
        }
        String[] parts = header.substring(6).split("-", 2);
        if (parts.length != 2) {
            throw new S3ProxyException(S3ErrorCode.INVALID_RANGE);
        }
        try {
            long first;
            long last;
            if (parts[0].isEmpty()) {
                long suffix = Long.parseLong(parts[1]);
                if (suffix <= 0 || length == 0) {
                    throw new S3ProxyException(S3ErrorCode.INVALID_RANGE);
                }
                first = Math.max(0, length - suffix);
                last = length - 1;
            } else {
                first = Long.parseLong(parts[0]);
                last = parts[1].isEmpty() ? length - 1 : Math.min(Long.parseLong(parts[1]), length - 1);
            }
            if (first < 0 || first >= length || last < first) {
                throw new S3ProxyException(S3ErrorCode.INVALID_RANGE);
            }
            return new RangeSpec(first, last);
        } catch (NumberFormatException e) {
            throw new S3ProxyException(S3ErrorCode.INVALID_RANGE);
        }
    }

    long length() {
        return last - first + 1;
    }

    String contentRange(long total) {
        return "bytes " + first + "-" + last + "/" + total;
    }
}
