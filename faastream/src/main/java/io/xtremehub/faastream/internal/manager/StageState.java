package io.xtremehub.faastream.internal.manager;

import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.ReaderGroup;
import io.xtremehub.faastream.internal.graph.StageSpec;
import io.xtremehub.faastream.internal.wire.Channel;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.Telemetry;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The manager's record of one stage: its channels, reader group, slots and batch progress. */
final class StageState {
    private static final Logger LOG = LoggerFactory.getLogger(StageState.class);
    final int index;
    final StageSpec spec;
    final String label;
    final Channel<ControlMessage> control;
    final Channel<Telemetry> telemetry;
    final Map<String, SlotState> slots = new LinkedHashMap<>();
    final Set<Long> endsSeen = new HashSet<>();
    ReaderGroup readerGroup;
    /** Exactly-once jobs only: the stage's transactions and checkpoints. */
    StageTransactionCoordinator transactions;
    /** Exactly-once jobs whose stage reads fixed splits: one committed attempt per slot. */
    SplitAttempts attempts;
    /** Exactly-once: the roll-back under way, waiting for the survivors; null when none. */
    StageRollBack rollBack;
    /** Exactly-once: the steps of the recovery under way until the stage's next commit; null when none. */
    RecoveryTimeline recovery;
    EventStreamWriter<ByteBuffer> markerWriter;
    int partitions;
    int nextSlot;
    boolean goSent;
    Set<Long> endsExpected;
    boolean inputComplete;
    boolean done;
    long lagBytes = -1;
    long retiredIn;
    long retiredOut;
    long retiredNanos;
    long retiredDeadLettered;

    StageState(int index, StageSpec spec, String label, Channel<ControlMessage> control, Channel<Telemetry> telemetry) {
        this.index = index;
        this.spec = spec;
        this.label = label;
        this.control = control;
        this.telemetry = telemetry;
    }

    long activeCount() {
        return slots.values().stream().filter(s -> s.active() && !s.stopping).count();
    }

    /**
     * Exactly-once roll-back: the stage reads its input again from its last committed checkpoint,
     * past which the end markers it saw may lie. Its batch progress starts over (new end markers are
     * written once its upstream is done), and finished slots run again: what they wrote is aborted.
     */
    void readAgain() {
        endsSeen.clear();
        endsExpected = null;
        inputComplete = false;
        slots.values().forEach(s -> s.finished = false);
    }

    /**
     * Sends an order on the stage's control channel. A failed append is only logged: the orders that
     * matter are repeated or backed by a kill, and the manager's loop must go on.
     */
    void tell(ControlMessage m) {
        try {
            control.append(m);
        } catch (RuntimeException e) {
            LOG.debug("{} message: {}", m.type(), e.toString());
        }
    }

    /** Adds a worker's last counters to the stage's totals once that worker is gone. */
    void retire(Telemetry t) {
        retiredIn += t.eventsIn();
        retiredOut += t.eventsOut();
        retiredNanos += t.processingNanos();
        retiredDeadLettered += t.deadLettered();
    }

    boolean allFinished() {
        return slots.values().stream().allMatch(s -> s.finished);
    }
}
