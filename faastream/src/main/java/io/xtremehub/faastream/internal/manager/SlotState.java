package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.internal.wire.SourceSplit;
import io.xtremehub.faastream.internal.wire.Telemetry;
import io.xtremehub.faastream.platform.WorkerHandle;
import java.util.List;

/** The manager's record of one worker slot of a stage and its current incarnation. */
final class SlotState {
    final String slot;
    final List<SourceSplit> splits;
    final boolean initial;
    String workerId;
    WorkerHandle handle;
    int incarnation;
    Telemetry last;
    long lastSeen;
    /** Whether the current incarnation has reported at least once (it is past its start-up). */
    boolean heard;
    boolean ready;
    /**
     * Exactly-once: whether the current worker has reported since it started reading. Before that it
     * may still hand off as it is (a Lambda invocation that ran short while it waited to start), and
     * its successor's reader would join after a checkpoint begun meanwhile, which it then never reaches.
     */
    boolean reading;
    boolean finished;
    boolean stopping;
    int restarts;
    /**
     * Exactly-once: the epoch at whose checkpoint the slot's last worker handed off, while its successor
     * has not started; 0 otherwise (see {@link EpochHandOffs}).
     */
    long handOffEpoch;
    /**
     * Exactly-once: the worker that handed off to the current one, until the successor has started; its
     * reader is offline by then unless its invocation failed on the way out.
     */
    String handedOffBy;
    /** Exactly-once: the stage's commit count when this slot last lost a worker. */
    long commitsAtLastLoss;
    /**
     * At-least-once keyed streaming stages: the reader position after the last window the worker emitted
     * and flushed, as it last reported it ({@code Position.toBytes}); null before its first window end.
     */
    byte[] windowEndPosition;

    SlotState(String slot, List<SourceSplit> splits, boolean initial) {
        this.slot = slot;
        this.splits = splits;
        this.initial = initial;
    }

    boolean active() {
        return !finished;
    }
}
