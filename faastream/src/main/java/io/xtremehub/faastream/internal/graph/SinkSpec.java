package io.xtremehub.faastream.internal.graph;

import io.xtremehub.faastream.RecordFormat;
import java.io.Serializable;

/** Where a pipeline's results go: a stream or objects under a bucket path. */
public record SinkSpec(Kind kind, String stream, String bucket, String path, RecordFormat format)
        implements Serializable {
    /** Sink kinds. */
    public enum Kind { STREAM, BUCKET }

    public String describe() {
        return kind == Kind.STREAM ? "stream " + stream : "s3://" + bucket + "/" + path;
    }
}
