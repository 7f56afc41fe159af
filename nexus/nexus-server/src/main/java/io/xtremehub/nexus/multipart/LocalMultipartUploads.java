package io.xtremehub.nexus.multipart;

import io.xtremehub.nexus.http.ETags;
import io.xtremehub.nexus.policy.PolicyResolver.Match;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.gaul.s3proxy.S3ErrorCode;
import org.gaul.s3proxy.S3ProxyException;
import org.gaul.s3proxy.blobstore.SdkResponses;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.Part;

/**
 * Multipart uploads of objects a policy applies to. The parts are kept on the worker's disk and the
 * pipeline runs once, over the whole object, at completion, so the stored object has one marker
 * and one seekable layout. Uploads do not survive a restart of the worker.
 */
public final class LocalMultipartUploads {
    static final String ID_PREFIX = "nexus-";

    /** An upload in progress. */
    public static final class Upload {
        final String id;
        final CreateMultipartUploadRequest request;
        final Match match;
        final Path dir;
        final Instant initiated = Instant.now();
        final Map<Integer, PartFile> parts = new TreeMap<>();

        Upload(String id, CreateMultipartUploadRequest request, Match match, Path dir) {
            this.id = id;
            this.request = request;
            this.match = match;
            this.dir = dir;
        }

        /** The CreateMultipartUpload request that started it. */
        public CreateMultipartUploadRequest request() {
            return request;
        }

        /** The policy the upload was started under: the one its object is written with. */
        public Match match() {
            return match;
        }
    }

    record PartFile(Path path, String md5, long size, Instant lastModified) {
    }

    /**
     * The assembled object of a completed upload.
     *
     * @param upload the upload
     * @param body the parts in order
     * @param length total length
     * @param eTag the composite ETag ({@code md5-of-part-md5s-N})
     */
    public record Assembled(Upload upload, InputStream body, long length, String eTag) {
    }

    private final Map<String, Upload> uploads = new ConcurrentHashMap<>();
    private final Path root;

    public LocalMultipartUploads(Path root) {
        this.root = root;
    }

    public static boolean isLocal(String uploadId) {
        return uploadId != null && uploadId.startsWith(ID_PREFIX);
    }

    public String initiate(CreateMultipartUploadRequest request, Match match) throws IOException {
        String id = ID_PREFIX + UUID.randomUUID();
        Path dir = Files.createDirectories(root.resolve(id));
        uploads.put(id, new Upload(id, request, match, dir));
        return id;
    }

    private Upload upload(String id) {
        Upload u = uploads.get(id);
        if (u == null) {
            throw new S3ProxyException(S3ErrorCode.NO_SUCH_UPLOAD);
        }
        return u;
    }

    public String uploadPart(String id, int partNumber, InputStream body, Long contentLength, String contentMD5)
            throws IOException {
        Upload u = upload(id);
        Path file = Files.createTempFile(u.dir, "part-" + partNumber + "-", ".bin");
        MessageDigest md5 = md5();
        long size = 0;
        try (OutputStream out = Files.newOutputStream(file)) {
            byte[] buf = new byte[65536];
            int n;
            while ((n = body.read(buf)) > 0) {
                md5.update(buf, 0, n);
                out.write(buf, 0, n);
                size += n;
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
        byte[] digest = md5.digest();
        if (contentLength != null && size != contentLength) {
            Files.deleteIfExists(file);
            throw new S3ProxyException(S3ErrorCode.INCOMPLETE_BODY);
        }
        if (contentMD5 != null && !MessageDigest.isEqual(Base64.getDecoder().decode(contentMD5), digest)) {
            Files.deleteIfExists(file);
            throw new S3ProxyException(S3ErrorCode.BAD_DIGEST);
        }
        String eTag = HexFormat.of().formatHex(digest);
        PartFile old;
        synchronized (u) {
            if (!uploads.containsKey(id)) {
                Files.deleteIfExists(file);
                throw new S3ProxyException(S3ErrorCode.NO_SUCH_UPLOAD);
            }
            old = u.parts.put(partNumber, new PartFile(file, eTag, size, Instant.now()));
        }
        if (old != null) {
            Files.deleteIfExists(old.path);
        }
        return eTag;
    }

    public List<Part> parts(String id) {
        Upload u = upload(id);
        List<Part> result = new ArrayList<>();
        synchronized (u) {
            u.parts.forEach((n, p) -> result.add(SdkResponses.part(n, p.size, p.md5, p.lastModified)));
        }
        return result;
    }

    public List<software.amazon.awssdk.services.s3.model.MultipartUpload> uploads(String bucket) {
        List<software.amazon.awssdk.services.s3.model.MultipartUpload> result = new ArrayList<>();
        uploads.values().stream().filter(u -> u.request.bucket().equals(bucket))
                .forEach(u -> result.add(SdkResponses.upload(u.request.key(), u.id, u.initiated)));
        return result;
    }

    /** Checks the client's part list and opens the parts as one stream. */
    public Assembled assemble(String id, List<CompletedPart> requested) throws IOException {
        Upload u = upload(id);
        List<PartFile> chosen = new ArrayList<>();
        MessageDigest composite = md5();
        synchronized (u) {
            int previous = 0;
            for (CompletedPart cp : requested) {
                if (cp.partNumber() <= previous) {
                    throw new S3ProxyException(S3ErrorCode.INVALID_PART_ORDER);
                }
                previous = cp.partNumber();
                PartFile p = u.parts.get(cp.partNumber());
                if (p == null || cp.eTag() == null || !p.md5.equals(ETags.unquote(cp.eTag()))) {
                    throw new S3ProxyException(S3ErrorCode.INVALID_PART);
                }
                chosen.add(p);
                composite.update(HexFormat.of().parseHex(p.md5));
            }
        }
        if (chosen.isEmpty()) {
            throw new S3ProxyException(S3ErrorCode.MALFORMED_X_M_L);
        }
        List<InputStream> streams = new ArrayList<>();
        long length = 0;
        for (PartFile p : chosen) {
            streams.add(Files.newInputStream(p.path));
            length += p.size;
        }
        Enumeration<InputStream> e = Collections.enumeration(streams);
        return new Assembled(u, new SequenceInputStream(e), length,
                HexFormat.of().formatHex(composite.digest()) + "-" + chosen.size());
    }

    public void remove(String id) {
        Upload u = uploads.remove(id);
        if (u == null) {
            throw new S3ProxyException(S3ErrorCode.NO_SUCH_UPLOAD);
        }
        synchronized (u) {
            try (var files = Files.list(u.dir)) {
                for (Path p : files.toList()) {
                    Files.deleteIfExists(p);
                }
                Files.deleteIfExists(u.dir);
            } catch (IOException e) {
                u.dir.toFile().deleteOnExit();
            }
        }
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
