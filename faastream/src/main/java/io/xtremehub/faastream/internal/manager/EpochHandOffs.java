package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.Telemetry;
import io.xtremehub.faastream.internal.wire.WorkerLaunch;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Exactly-once hand-offs of Lambda workers at epoch checkpoints. A worker near its time limit stops at
 * an epoch's checkpoint with its output flushed and its state saved for that epoch ({@code HANDING_OFF},
 * which also acknowledges the epoch), and closes its reader there; the platform then invokes the slot's
 * next worker, which restores that state. Until that successor's reader has joined the group, the stage
 * starts no checkpoint: a checkpoint begun without it would never reach it, so the events it reads
 * would belong to no epoch. Once it is ready it is told the transaction that follows the epoch it
 * resumes from. A roll-back under way, or one that begins meanwhile, takes the successor along like
 * any surviving worker.
 */
final class EpochHandOffs {
    private static final Logger LOG = LoggerFactory.getLogger(EpochHandOffs.class);

    private EpochHandOffs() {
    }

    /** The worker of {@code slot} handed off at the checkpoint of epoch {@code t.checkpointEpoch()}. */
    static void begin(StageState st, SlotState slot, Telemetry t) {
        long epoch = t.checkpointEpoch();
        st.transactions.acknowledged(slot.slot, epoch);
        st.retire(t); // its counters end with it; the successor counts from zero
        slot.workerId = WorkerLaunch.handOffWorkerId(t.worker(), epoch);
        slot.handOffEpoch = epoch;
        slot.handedOffBy = t.worker();
        // the successor is a new invocation: it gets the start-up timeout, not the heartbeat's
        slot.heard = false;
        slot.ready = false;
        slot.reading = false;
        slot.last = null;
        slot.lastSeen = System.currentTimeMillis();
        LOG.info("{}: worker {} handed off at epoch {}; {} goes on", st.label, t.worker(), epoch, slot.workerId);
        if (st.rollBack != null) {
            // the roll-back began before the hand-off was seen: the successor must let go like any survivor
            st.tell(new ControlMessage(ControlMessage.Type.ROLL_BACK, slot.workerId));
        }
    }

    /**
     * Whether a checkpoint may start now: not while a successor of the stage has not joined its reader
     * group, nor, where workers hand off, while a worker has not started reading (it might still hand off
     * before it starts). Elsewhere a worker told to start reaches the checkpoint once it reads: after a
     * roll-back the first epoch's window then runs from the start, not from the slowest worker's first report.
     *
     * @param workersHandOff whether the platform's workers hand off ({@code WorkerPlatform#workersHandOff})
     */
    static boolean mayCheckpoint(StageState st, boolean workersHandOff) {
        return st.slots.values().stream().noneMatch(s -> s.handOffEpoch > 0
                || (workersHandOff && s.active() && !s.reading));
    }

    /**
     * The worker of {@code slot} handed off before it started, as it was: the same launch runs again in a
     * new invocation, whose reader joins anew. A checkpoint under way counted on its reader, which left
     * before reaching it, so the stage rolls back ({@link #mayCheckpoint} keeps that from happening).
     */
    static void leftBeforeStart(StageState st, SlotState slot, StageRollBacks rollBacks) {
        slot.ready = false;
        slot.reading = false;
        // the next invocation gets the start-up timeout, not the heartbeat's
        slot.heard = false;
        slot.lastSeen = System.currentTimeMillis();
        if (st.transactions.checkpointUnderWay() && st.rollBack == null) {
            rollBacks.rollBackStage(st, "worker " + slot.workerId + " handed off before it started, while a "
                    + "checkpoint counted on its reader");
        } else {
            LOG.info("{}: worker {} handed off before it started; its next invocation starts as it would have",
                    st.label, slot.workerId);
        }
    }

    /** Starts every successor whose reader has joined, with the transaction after its hand-off's epoch. */
    static void startReadySuccessors(List<StageState> stages) {
        for (StageState st : stages) {
            if (st.transactions == null || st.rollBack != null) {
                continue;
            }
            for (SlotState s : st.slots.values()) {
                if (s.handOffEpoch > 0 && s.ready) {
                    st.tell(ControlMessage.useTransaction(s.workerId, st.transactions.generation(),
                            st.transactions.transactionAfter(s.handOffEpoch).toString()));
                    s.handOffEpoch = 0;
                    s.handedOffBy = null; // invoked after its predecessor returned, reader closed
                }
            }
        }
    }
}
