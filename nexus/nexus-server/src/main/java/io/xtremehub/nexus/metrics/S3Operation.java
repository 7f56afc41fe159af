package io.xtremehub.nexus.metrics;

import jakarta.servlet.http.HttpServletRequest;

/** Names an S3 request as the S3 API does (GetObject, PutObject, ...) from its method, path and query. */
final class S3Operation {
    private S3Operation() {
    }

    static String of(HttpServletRequest r) {
        String method = r.getMethod();
        String path = r.getRequestURI() == null ? "/" : r.getRequestURI();
        String query = r.getQueryString() == null ? "" : "&" + r.getQueryString();
        // path-style: /bucket or /bucket/key (virtual-host style would need the Host header; Nexus clients use path style)
        String rest = path.length() > 1 ? path.substring(1) : "";
        boolean hasBucket = !rest.isEmpty();
        boolean hasKey = rest.indexOf('/') > 0 && rest.indexOf('/') < rest.length() - 1;
        if (query.contains("&tagging")) {
            return switch (method) {
                case "GET" -> "GetObjectTagging";
                case "PUT" -> "PutObjectTagging";
                case "DELETE" -> "DeleteObjectTagging";
                default -> "Other";
            };
        }
        if (!hasBucket) {
            return method.equals("GET") ? "ListBuckets" : "Other";
        }
        if (!hasKey) {
            if (query.contains("&delete")) {
                return "DeleteObjects";
            }
            if (query.contains("&uploads")) {
                return "ListMultipartUploads";
            }
            return switch (method) {
                case "GET" -> "ListObjects";
                case "HEAD" -> "HeadBucket";
                case "PUT" -> "CreateBucket";
                case "DELETE" -> "DeleteBucket";
                default -> "Other";
            };
        }
        if (query.contains("&uploads")) {
            return "CreateMultipartUpload";
        }
        if (query.contains("&uploadId=")) {
            return switch (method) {
                case "PUT" -> r.getHeader("x-amz-copy-source") != null ? "UploadPartCopy" : "UploadPart";
                case "POST" -> "CompleteMultipartUpload";
                case "DELETE" -> "AbortMultipartUpload";
                case "GET" -> "ListParts";
                default -> "Other";
            };
        }
        return switch (method) {
            case "GET" -> "GetObject";
            case "HEAD" -> "HeadObject";
            case "PUT" -> r.getHeader("x-amz-copy-source") != null ? "CopyObject" : "PutObject";
            case "DELETE" -> "DeleteObject";
            default -> "Other";
        };
    }
}
