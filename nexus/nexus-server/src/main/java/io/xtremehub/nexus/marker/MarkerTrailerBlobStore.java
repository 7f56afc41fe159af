package io.xtremehub.nexus.marker;

import io.xtremehub.nexus.api.Streams;
import io.xtremehub.nexus.http.ETags;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.S3Exceptions;
import org.gaul.s3proxy.blobstore.SdkRequests;
import org.gaul.s3proxy.blobstore.SdkResponses;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;

/**
 * Directly over the backend: shows every object stored with a {@link MarkerTrailer} as if its marker
 * were in its metadata, with the length of the bytes before the trailer, for HEAD and for GET (whole
 * or ranged; a range is of those bytes). Objects without one pass through. A trailer is remembered
 * per stored version (keyed by the backend's ETag, which changes with every write): from the write,
 * when this worker wrote it, else from its first read, which costs one more small ranged backend read.
 */
public final class MarkerTrailerBlobStore extends ForwardingBlobStore {
    private static final int REMEMBERED = 4096;

    private final Map<String, MarkerTrailer.Parsed> known = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, MarkerTrailer.Parsed> eldest) {
            return size() > REMEMBERED;
        }
    };

    private MarkerTrailerBlobStore(BlobStore backend) {
        super(backend);
    }

    /** The layer over a backend. */
    public static MarkerTrailerBlobStore over(BlobStore backend) {
        return new MarkerTrailerBlobStore(backend);
    }

    /** Remembers the trailer of an object written here, so the first read of it need not fetch it. */
    @Override
    public PutObjectResponse putBlob(PutObjectRequest request, InputStream payload) {
        PutObjectResponse response = delegate().putBlob(request, payload);
        MarkerTrailer.Parsed written = MarkerTrailer.written(payload);
        if (written != null && response != null && response.eTag() != null) {
            synchronized (known) {
                known.put(id(request.bucket(), request.key(), response.eTag()), written);
            }
        }
        return response;
    }

    @Override
    public HeadObjectResponse blobMetadata(HeadObjectRequest request) {
        HeadObjectResponse head = delegate().blobMetadata(request);
        if (head == null || !MarkerTrailer.isPending(head.metadata())) {
            return head;
        }
        MarkerTrailer.Parsed t = trailer(request.bucket(), request.key(), head.contentLength(), head.eTag());
        return head.toBuilder().contentLength(t.dataLength())
                .metadata(MarkerTrailer.completed(head.metadata(), t.markerText())).build();
    }

    @Override
    public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
        ResponseInputStream<GetObjectResponse> raw = delegate().getBlob(request);
        if (raw == null || !MarkerTrailer.isPending(raw.response().metadata())) {
            return raw;
        }
        try {
            return trailed(request, raw);
        } catch (RuntimeException e) {
            closeQuietly(raw);
            throw e;
        }
    }

    private ResponseInputStream<GetObjectResponse> trailed(GetObjectRequest request,
                                                           ResponseInputStream<GetObjectResponse> raw) {
        GetObjectResponse r = raw.response();
        long[] rawRange = request.range() == null ? null : contentRange(r.contentRange());
        long storedLength = rawRange == null ? r.contentLength() : rawRange[2];
        if (storedLength < 0) {
            storedLength = delegate().blobMetadata(HeadObjectRequest.builder().bucket(request.bucket())
                    .key(request.key()).ifMatch(r.eTag()).build()).contentLength();
        }
        MarkerTrailer.Parsed t = trailer(request.bucket(), request.key(), storedLength, r.eTag());
        long data = t.dataLength();
        GetObjectResponse.Builder visible = r.toBuilder()
                .metadata(MarkerTrailer.completed(r.metadata(), t.markerText()));
        if (request.range() == null) {
            return SdkResponses.getResponse(visible.contentLength(data).build(), Streams.limit(raw, data));
        }
        SdkRequests.ByteRange asked = SdkRequests.parseRange(request.range());
        long first;
        long last;
        if (asked.first() == null) {
            first = Math.max(0, data - asked.last()); // the last N bytes
            last = data - 1;
        } else {
            first = asked.first();
            last = asked.last() == null ? data - 1 : Math.min(asked.last(), data - 1);
        }
        if (first >= data || first > last) {
            closeQuietly(raw);
            throw S3Exceptions.fromStatusCode(416);
        }
        InputStream body;
        if (rawRange != null && rawRange[0] == first && rawRange[1] >= last) {
            body = Streams.limit(raw, last - first + 1); // the backend's answer starts right: cut the trailer off
        } else {
            closeQuietly(raw);
            body = delegate().getBlob(request.toBuilder().range(SdkRequests.range(first, last)).ifMatch(r.eTag())
                    .ifNoneMatch(null).build());
        }
        return SdkResponses.getResponse(visible.contentLength(last - first + 1)
                .contentRange("bytes " + first + "-" + last + "/" + data).build(), body);
    }

    /** The trailer of one stored version, remembered. */
    private MarkerTrailer.Parsed trailer(String bucket, String key, long storedLength, String eTag) {
        String id = id(bucket, key, eTag);
        synchronized (known) {
            MarkerTrailer.Parsed t = known.get(id);
            if (t != null) {
                return t;
            }
        }
        byte[] tail = readEnd(bucket, key, storedLength, (int) Math.min(storedLength, MarkerTrailer.TAIL), eTag);
        MarkerTrailer.Parsed t = MarkerTrailer.parse(tail, storedLength);
        if (t == null) {
            int needed = MarkerTrailer.needed(tail);
            t = MarkerTrailer.parse(readEnd(bucket, key, storedLength, needed, eTag), storedLength);
        }
        synchronized (known) {
            known.put(id, t);
        }
        return t;
    }

    /** A stored version: the backend's ETag changes with every write. */
    private static String id(String bucket, String key, String eTag) {
        return bucket + '\n' + key + '\n' + ETags.unquote(eTag);
    }

    private byte[] readEnd(String bucket, String key, long storedLength, int length, String eTag) {
        if (length <= 0 || length > storedLength) {
            throw new IllegalStateException(bucket + "/" + key + " says its Nexus marker trails its bytes, but it"
                    + " is only " + storedLength + " bytes long");
        }
        try (ResponseInputStream<GetObjectResponse> in = delegate().getBlob(GetObjectRequest.builder().bucket(bucket)
                .key(key).range(SdkRequests.range(storedLength - length, storedLength - 1)).ifMatch(eTag).build())) {
            if (in == null) {
                throw S3Exceptions.noSuchKey(bucket, key, null);
            }
            byte[] bytes = in.readNBytes(length);
            if (bytes.length != length) {
                throw new IllegalStateException(bucket + "/" + key + ": read " + bytes.length + " bytes of its"
                        + " marker trailer, expected " + length);
            }
            return bytes;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("reading the marker trailer of " + bucket + "/" + key, e);
        }
    }

    /** {@code bytes a-b/total} as {a, b, total} (total -1 if unknown), or null. */
    private static long[] contentRange(String header) {
        if (header == null) {
            return null;
        }
        try {
            String s = header.trim();
            int space = s.indexOf(' ');
            int dash = s.indexOf('-', space);
            int slash = s.indexOf('/', dash);
            String total = s.substring(slash + 1).trim();
            return new long[] {Long.parseLong(s.substring(space + 1, dash).trim()),
                    Long.parseLong(s.substring(dash + 1, slash).trim()), "*".equals(total) ? -1 : Long.parseLong(total)};
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException | RuntimeException ignored) {
            // the answer is the exception being thrown
        }
    }
}
