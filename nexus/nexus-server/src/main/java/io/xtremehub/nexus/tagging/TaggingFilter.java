package io.xtremehub.nexus.tagging;

import io.xtremehub.nexus.marker.ObjectVersions;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * Serves the S3 object tagging sub-resource in front of S3Proxy, which answers {@code ?tagging} with
 * NotImplemented before any blob store sees it: GetObjectTagging, PutObjectTagging and
 * DeleteObjectTagging on objects, signed like every other request (SigV4). It also hands the
 * {@code x-amz-tagging} headers of PutObject / CopyObject to the {@link TaggingBlobStore}, and keeps
 * clients out of the sidecar bucket. Every other request passes through untouched.
 *
 * <p>GetObjectTagging answers the client's tags followed by the streamlet context of the pipeline run
 * that wrote the object, as read-only tags {@code nexus:<key>}. A PutObjectTagging may repeat those
 * unchanged (read-modify-write of the whole set) but cannot change them; they do not count against
 * the client's 10 tags.
 */
public final class TaggingFilter implements Filter {
    private static final Logger LOG = LoggerFactory.getLogger(TaggingFilter.class);
    private static final int MAX_BODY = 64 << 10;
    private static final String XMLNS = "http://s3.amazonaws.com/doc/2006-03-01/";

    private final TagStore sidecars;
    private final ObjectTags tags;
    private final ObjectVersions objects;
    private final SigV4Verifier verifier;

    /**
     * @param sidecars where tags and context are kept, read together to answer GetObjectTagging
     * @param tags the client tags of objects
     * @param objects existence and write ids of objects
     * @param accessKey the S3 access key, or null if Nexus runs without authentication
     * @param secretKey the S3 secret key
     */
    public TaggingFilter(TagStore sidecars, ObjectTags tags, ObjectVersions objects, String accessKey, String secretKey) {
        this.sidecars = sidecars;
        this.tags = tags;
        this.objects = objects;
        this.verifier = new SigV4Verifier(accessKey, secretKey);
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        String uri = request.getRequestURI();
        String[] path = splitPath(uri);
        try {
            if (path[0].equals(tags.bucket())) {
                throw new TaggingException(403, "AccessDenied", "bucket " + tags.bucket()
                        + " holds Nexus' object tags and is not open to clients");
            }
            if (!path[1].isEmpty() && hasTaggingParameter(request.getQueryString())) {
                serveTagging(request, response, path[0], path[1]);
                return;
            }
        } catch (TaggingException e) {
            sendError(response, e.statusCode(), e.code(), e.detail(), uri);
            return;
        } catch (AwsServiceException e) {
            String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
            sendError(response, e.statusCode(), code == null ? "InternalError" : code,
                    e.awsErrorDetails() == null || e.awsErrorDetails().errorMessage() == null ? e.getMessage()
                            : e.awsErrorDetails().errorMessage(), uri);
            return;
        } catch (RuntimeException e) {
            LOG.warn("tagging request {} {} failed", request.getMethod(), uri, e);
            sendError(response, 500, "InternalError", "tagging request failed: " + e.getMessage(), uri);
            return;
        }
        String tagging = request.getHeader("x-amz-tagging");
        String directive = request.getHeader("x-amz-tagging-directive");
        if (tagging == null && directive == null) {
            chain.doFilter(request, response);
            return;
        }
        RequestTagging.set(new RequestTagging(tagging, directive));
        try {
            chain.doFilter(request, response);
        } finally {
            RequestTagging.clear();
        }
    }

    private void serveTagging(HttpServletRequest request, HttpServletResponse response, String bucket, String key)
            throws IOException {
        String method = request.getMethod();
        byte[] body = readBody(request);
        verifier.verify(request, body);
        switch (method) {
            case "GET" -> {
                String writeId = objects.writeIdOf(bucket, key).orElse(null);
                TagStore.Stored stored = sidecars.read(bucket, key);
                Map<String, String> all = new LinkedHashMap<>(stored.userOf(writeId).tags());
                stored.contextOf(writeId).forEach((k, v) -> all.put(TagSet.NEXUS_PREFIX + k, v));
                sendXml(response, taggingXml(all));
            }
            case "PUT" -> {
                BodyDigests.check(request, body);
                String writeId = objects.writeIdOf(bucket, key).orElse(null);
                Map<String, String> given = TagSet.parseXml(body);
                Map<String, String> context = sidecars.read(bucket, key).contextOf(writeId);
                Map<String, String> client = new LinkedHashMap<>();
                given.forEach((k, v) -> {
                    if (k.startsWith(TagSet.NEXUS_PREFIX)) {
                        String own = context.get(k.substring(TagSet.NEXUS_PREFIX.length()));
                        if (!v.equals(own)) {
                            throw new TaggingException(400, "InvalidTag", "tag " + k + " is the streamlet context"
                                    + " Nexus stored with the object and cannot be set or changed");
                        }
                    } else {
                        client.put(k, v);
                    }
                });
                tags.replace(bucket, key, writeId, TagSet.of(client));
                response.setStatus(200);
                response.setContentLength(0);
            }
            case "DELETE" -> {
                tags.replace(bucket, key, objects.writeIdOf(bucket, key).orElse(null), TagSet.empty());
                response.setStatus(204);
            }
            default -> throw new TaggingException(405, "MethodNotAllowed", method
                    + " is not allowed on the tagging sub-resource");
        }
    }

    private static byte[] readBody(HttpServletRequest request) throws IOException {
        long declared = request.getContentLengthLong();
        if (declared > MAX_BODY) {
            throw new TaggingException(400, "MalformedXML", "a Tagging document is at most " + MAX_BODY + " bytes");
        }
        try (InputStream in = request.getInputStream()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) >= 0) {
                out.write(buf, 0, n);
                if (out.size() > MAX_BODY) {
                    throw new TaggingException(400, "MalformedXML", "a Tagging document is at most " + MAX_BODY
                            + " bytes");
                }
            }
            return out.toByteArray();
        }
    }

    /** Whether the query string names the {@code tagging} sub-resource. */
    static boolean hasTaggingParameter(String query) {
        if (query == null) {
            return false;
        }
        for (String p : query.split("&")) {
            if (p.equals("tagging") || p.startsWith("tagging=")) {
                return true;
            }
        }
        return false;
    }

    /** The decoded bucket and key of a path-style URI (key empty for a bucket or the service). */
    static String[] splitPath(String uri) {
        String p = uri.startsWith("/") ? uri.substring(1) : uri;
        int slash = p.indexOf('/');
        if (slash < 0) {
            return new String[] {percentDecode(p), ""};
        }
        return new String[] {percentDecode(p.substring(0, slash)), percentDecode(p.substring(slash + 1))};
    }

    private static String percentDecode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                try {
                    out.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
                } catch (RuntimeException e) {
                    throw new TaggingException(400, "InvalidURI", "the request path is not percent-encoded correctly");
                }
                i += 2;
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    static String taggingXml(Map<String, String> tags) {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Tagging xmlns=\"")
                .append(XMLNS).append("\"><TagSet>");
        tags.forEach((k, v) -> sb.append("<Tag><Key>").append(escape(k)).append("</Key><Value>").append(escape(v))
                .append("</Value></Tag>"));
        return sb.append("</TagSet></Tagging>").toString();
    }

    private static void sendXml(HttpServletResponse response, String xml) throws IOException {
        byte[] bytes = xml.getBytes(StandardCharsets.UTF_8);
        response.setStatus(200);
        response.setContentType("application/xml");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    private static void sendError(HttpServletResponse response, int status, String code, String message,
                                  String resource) throws IOException {
        String requestId = Long.toHexString(ThreadLocalRandom.current().nextLong()).toUpperCase();
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>" + escape(code) + "</Code><Message>"
                + escape(message == null ? code : message) + "</Message><Resource>" + escape(resource)
                + "</Resource><RequestId>" + requestId + "</RequestId></Error>";
        byte[] bytes = xml.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setHeader("x-amz-request-id", requestId);
        response.setContentType("application/xml");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    private static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&apos;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
