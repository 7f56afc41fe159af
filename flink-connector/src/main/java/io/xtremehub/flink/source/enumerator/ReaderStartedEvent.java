package io.xtremehub.flink.source.enumerator;

import javax.annotation.Nullable;
import org.apache.flink.api.connector.source.SourceEvent;

/**
 * Sent by every reader when it starts. A reader restored from a checkpoint names the Pravega
 * reader its subtask had then and that reader's position at the checkpoint. When Flink restored
 * the subtask after a task failure (without resetting the enumerator), the enumerator hands that
 * reader's segments back to the group at that position before giving the subtask a new reader.
 *
 * @param previousReaderId the reader id of the restored split, or null for a fresh start
 * @param previousPosition the serialized Pravega position stored with it, or null
 */
public record ReaderStartedEvent(@Nullable String previousReaderId, @Nullable byte[] previousPosition)
        implements SourceEvent {
    private static final long serialVersionUID = 1L;

    @Override
    public String toString() {
        return "ReaderStartedEvent(" + (previousReaderId == null ? "fresh" : "restored " + previousReaderId) + ")";
    }
}
