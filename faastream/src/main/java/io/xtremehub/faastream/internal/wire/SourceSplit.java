package io.xtremehub.faastream.internal.wire;

import io.pravega.client.batch.SegmentRange;
import java.io.Serializable;

/**
 * A piece of a bounded source given to one worker: a byte range of a bucket object, or a range of
 * a stream segment (batch mode over a stream).
 */
public record SourceSplit(String bucket, String key, long start, long end, SegmentRange segment)
        implements Serializable {
    public static SourceSplit object(String bucket, String key, long start, long end) {
        return new SourceSplit(bucket, key, start, end, null);
    }

    public static SourceSplit segment(SegmentRange range) {
        return new SourceSplit(null, null, range.getStartOffset(), range.getEndOffset(), range);
    }

    public long length() {
        return end - start;
    }

    public String describe() {
        return segment != null ? "segment " + segment.getSegmentId() + " [" + start + "," + end + ")"
                : "s3://" + bucket + "/" + key + " [" + start + "," + end + ")";
    }
}
