package io.xtremehub.testkit;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/** The middleware of {@link GetRecorder}: tells the open recordings what each GET returned. */
final class RecordingBlobStore extends ForwardingBlobStore {
    private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/.*");
    private final Set<GetRecording> open;

    RecordingBlobStore(BlobStore delegate, Set<GetRecording> open) {
        super(delegate);
        this.open = open;
    }

    @Override
    public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
        ResponseInputStream<GetObjectResponse> blob = super.getBlob(request);
        if (!open.isEmpty()) {
            long[] range = servedRange(blob.response());
            for (GetRecording recording : open) {
                recording.offer(request.bucket(), request.key(), range[0], range[1]);
            }
        }
        return blob;
    }

    // A ranged GET answers "Content-Range: bytes first-last/total"; a whole-object GET only has a length.
    private static long[] servedRange(GetObjectResponse response) {
        Matcher m = response.contentRange() == null ? null : CONTENT_RANGE.matcher(response.contentRange());
        if (m != null && m.matches()) {
            return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
        }
        long length = response.contentLength() == null ? 0 : response.contentLength();
        return new long[] {0, length - 1};
    }
}
