package io.xtremehub.flink.source.enumerator;

import org.apache.flink.api.connector.source.SourceEvent;

/**
 * Sent by the enumerator to every reader when Flink aborted a checkpoint. A reader holding
 * events back for that checkpoint may then go on; this repeats the task's own abort
 * notification, which Flink delivers on a best-effort basis, because a reader that misses it
 * would hold its events back for good.
 *
 * @param checkpointId the aborted checkpoint
 */
public record CheckpointAbortedEvent(long checkpointId) implements SourceEvent {
    private static final long serialVersionUID = 1L;
}
