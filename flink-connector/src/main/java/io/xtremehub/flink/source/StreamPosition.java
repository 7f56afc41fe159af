package io.xtremehub.flink.source;

import io.pravega.client.admin.StreamInfo;
import io.pravega.client.stream.StreamCut;
import java.io.Serializable;
import java.util.Objects;

/**
 * A place in a Pravega stream where reading starts or stops: the head (oldest data), the
 * tail (where writers append now, fixed once when the job first starts) or an explicit
 * {@link StreamCut}.
 */
public final class StreamPosition implements Serializable {
    private static final long serialVersionUID = 1L;

    private enum Kind { EARLIEST, LATEST, CUT }

    private final Kind kind;
    private final String cutText;

    private StreamPosition(Kind kind, String cutText) {
        this.kind = kind;
        this.cutText = cutText;
    }

    /** The oldest data still in the stream. */
    public static StreamPosition earliest() {
        return new StreamPosition(Kind.EARLIEST, null);
    }

    /** The tail of the stream at the moment the job first starts. */
    public static StreamPosition latest() {
        return new StreamPosition(Kind.LATEST, null);
    }

    /** An explicit stream cut, for example one taken from a previous run. */
    public static StreamPosition of(StreamCut cut) {
        Objects.requireNonNull(cut, "stream cut");
        return new StreamPosition(Kind.CUT, cut.asText());
    }

    /** Resolves to a concrete stream cut against the stream's current head and tail. */
    public StreamCut resolve(StreamInfo info) {
        return switch (kind) {
            case EARLIEST -> info.getHeadStreamCut();
            case LATEST -> info.getTailStreamCut();
            case CUT -> StreamCut.from(cutText);
        };
    }

    @Override
    public String toString() {
        return kind == Kind.CUT ? "cut " + cutText : kind.name().toLowerCase();
    }
}
