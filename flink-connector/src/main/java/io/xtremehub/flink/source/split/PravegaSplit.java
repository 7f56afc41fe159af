package io.xtremehub.flink.source.split;

import java.util.Arrays;
import java.util.Objects;
import javax.annotation.Nullable;
import org.apache.flink.api.connector.source.SourceSplit;

/**
 * The permission for one Flink reader subtask to join a Pravega reader group under a given
 * reader id. Segments are not split statically: the reader group hands them out and
 * rebalances them as readers come and go and as the stream scales.
 *
 * <p>A split the enumerator hands out carries no position. The split a reader stores in a
 * checkpoint carries the serialized Pravega {@code Position} its reader had at that checkpoint,
 * so that a subtask restored alone can hand the reader's segments back to the group exactly
 * there.
 */
public final class PravegaSplit implements SourceSplit {
    private final String readerGroup;
    private final int subtask;
    private final String readerId;
    @Nullable private final byte[] position;

    public PravegaSplit(String readerGroup, int subtask, String readerId) {
        this(readerGroup, subtask, readerId, null);
    }

    private PravegaSplit(String readerGroup, int subtask, String readerId, @Nullable byte[] position) {
        this.readerGroup = Objects.requireNonNull(readerGroup);
        this.subtask = subtask;
        this.readerId = Objects.requireNonNull(readerId);
        this.position = position;
    }

    /** This split as stored in a checkpoint: with the reader's serialized position at that checkpoint. */
    public PravegaSplit atPosition(byte[] checkpointedPosition) {
        return new PravegaSplit(readerGroup, subtask, readerId, Objects.requireNonNull(checkpointedPosition));
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

    /** The serialized Pravega position of the reader at the checkpoint this split was stored in, or null. */
    @Nullable
    public byte[] position() {
        return position;
    }

    @Override
    public String splitId() {
        return readerGroup + "#" + subtask;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PravegaSplit s && s.subtask == subtask && s.readerGroup.equals(readerGroup)
                && s.readerId.equals(readerId) && Arrays.equals(s.position, position);
    }

    @Override
    public int hashCode() {
        return Objects.hash(readerGroup, subtask, readerId, Arrays.hashCode(position));
    }

    @Override
    public String toString() {
        return "PravegaSplit(" + readerGroup + ", subtask " + subtask + ", reader " + readerId
                + (position == null ? "" : ", checkpointed position") + ")";
    }
}
