package io.xtremehub.faastream.internal.graph;

import io.xtremehub.faastream.RecordFormat;
import io.xtremehub.faastream.Serializer;
import java.io.Serializable;

/** Where a pipeline's events come from: a stream, one bucket object, or all objects under a prefix. */
public record SourceSpec(Kind kind, String stream, String bucket, String keyOrPrefix, RecordFormat format,
                         Serializer<?> serializer) implements Serializable {
    /** Source kinds. */
    public enum Kind { STREAM, BUCKET_FILE, BUCKET_FOLDER }

    public boolean bounded() {
        return kind != Kind.STREAM;
    }

    public String describe() {
        return switch (kind) {
            case STREAM -> "stream " + stream;
            case BUCKET_FILE -> "object s3://" + bucket + "/" + keyOrPrefix;
            case BUCKET_FOLDER -> "objects s3://" + bucket + "/" + keyOrPrefix + "*";
        };
    }
}
