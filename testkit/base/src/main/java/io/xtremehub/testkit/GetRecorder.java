package io.xtremehub.testkit;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.gaul.s3proxy.blobstore.BlobStore;

/**
 * Records which bytes of which objects an S3Proxy-based server (Nexus) returned to its S3
 * clients, for tests that must tell whether a read was served by long-term storage. Install
 * {@link #wrap} as the server's outermost middleware, then open a {@link GetRecording} per check.
 */
public final class GetRecorder {
    private final Set<GetRecording> open = ConcurrentHashMap.newKeySet();

    /** The middleware to put outermost, so it sees bytes as the client does (after decompression). */
    public BlobStore wrap(BlobStore served) {
        return new RecordingBlobStore(served, open);
    }

    /** Starts recording the GETs served for keys under {@code keyPrefix} of {@code bucket}, until closed. */
    public GetRecording record(String bucket, String keyPrefix) {
        GetRecording recording = new GetRecording(bucket, keyPrefix, open::remove);
        open.add(recording);
        return recording;
    }
}
