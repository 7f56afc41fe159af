package io.xtremehub.flink.source.split;

import java.util.Objects;
import org.apache.flink.api.connector.source.SourceSplit;

/**
 * The permission for one Flink reader subtask to join a Pravega reader group under a given
 * reader id. Segments are not split statically: the reader group hands them out and
 * rebalances them as readers come and go and as the stream scales.
 */
public final class PravegaSplit implements SourceSplit {
    private final String readerGroup;
    private final int subtask;
    private final String readerId;

    public PravegaSplit(String readerGroup, int subtask, String readerId) {
        this.readerGroup = Objects.requireNonNull(readerGroup);
        this.subtask = subtask;
        this.readerId = Objects.requireNonNull(readerId);
    }

    public String readerGroup() {
        return readerGroup;
    }

    public int subtask() {
        return subtask;
    }

    /** The Pravega reader id, unique per assignment so a restarted subtask never clashes with its ghost. */
    public String readerId() {
        return readerId;
    }

    @Override
    public String splitId() {
        return readerGroup + "#" + subtask;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PravegaSplit s && s.subtask == subtask && s.readerGroup.equals(readerGroup)
                && s.readerId.equals(readerId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(readerGroup, subtask, readerId);
    }

    @Override
    public String toString() {
        return "PravegaSplit(" + readerGroup + ", subtask " + subtask + ", reader " + readerId + ")";
    }
}
