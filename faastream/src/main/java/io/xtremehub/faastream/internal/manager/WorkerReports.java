package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.ScalingPolicy;
import io.xtremehub.faastream.WorkerStats;
import io.xtremehub.faastream.internal.wire.Telemetry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes in a stage's worker reports (ready, checkpointed, handing off, rolled back, done, failed,
 * stats) and records them on the worker's slot, the stage's epochs and the scaling policy.
 */
final class WorkerReports {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerReports.class);
    private final ScalingPolicy policy;
    private final StageRollBacks rollBacks;
    private final JobFailure failure;

    WorkerReports(ScalingPolicy policy, StageRollBacks rollBacks, JobFailure failure) {
        this.policy = policy;
        this.rollBacks = rollBacks;
        this.failure = failure;
    }

    void onTelemetry(StageState st, Telemetry t) {
        SlotState slot = st.slots.get(t.slot());
        if (slot == null || !t.worker().equals(slot.workerId)) {
            return; // an earlier incarnation
        }
        slot.lastSeen = System.currentTimeMillis();
        slot.heard = true;
        if (slot.handle instanceof AdoptedWorker adopted) {
            adopted.reportedFrom(t.pid());
        }
        slot.last = t;
        if (t.endSegments() != null) {
            st.endsSeen.addAll(t.endSegments());
        }
        if (t.windowEndPosition() != null) {
            slot.windowEndPosition = t.windowEndPosition();
        }
        switch (t.type()) {
            case READY -> {
                slot.ready = true;
                slot.reading = false;
                if (st.recovery != null && st.rollBack == null) {
                    // a READY sent before the roll-back reached its worker is not one of the restarted stage's
                    st.recovery.step("first worker ready");
                }
            }
            case CHECKPOINTED -> {
                slot.reading = true;
                st.transactions.acknowledged(slot.slot, t.checkpointEpoch());
            }
            case HANDING_OFF -> EpochHandOffs.begin(st, slot, t);
            case ROLLED_BACK -> rollBacks.rolledBack(st, slot, t.checkpointEpoch());
            case DONE -> done(st, slot, t);
            case FAILED -> failure.set(t.error());
            case STATS -> {
                slot.reading = true;
                addStats(st, t);
            }
            case HANDOFF -> {
                if (st.transactions != null && st.transactions.isOpen()) {
                    // exactly-once workers hand off at checkpoints (HANDING_OFF); this one had not started
                    EpochHandOffs.leftBeforeStart(st, slot, rollBacks);
                }
                addStats(st, t);
            }
            default -> {
            }
        }
    }

    private void addStats(StageState st, Telemetry t) {
        policy.addWorkerStats(new WorkerStats(st.index, t.worker(), t.queueSize(), t.eventsIn(), t.eventsOut(),
                t.processingNanos(), t.readNanos(), t.timestampMillis()));
    }

    private void done(StageState st, SlotState slot, Telemetry t) {
        if (st.attempts != null && !commitAttempt(st, slot)) {
            return;
        }
        slot.finished = true;
        st.retire(t);
        if (st.rollBack != null && st.rollBack.awaits(slot)) {
            // it finished before it read its ROLL_BACK: what it wrote is aborted with the
            // epoch, and it ended, so it will never report ROLLED_BACK
            LOG.info("{}: worker {} finished before it could roll back; its slot gets a new worker",
                    st.label, slot.workerId);
            rollBacks.stopLost(st, slot);
        }
    }

    /** Exactly-once over splits: the slot's finished attempt becomes visible; false when it could not. */
    private boolean commitAttempt(StageState st, SlotState slot) {
        try {
            st.attempts.finished(slot.slot);
            return true;
        } catch (RuntimeException e) {
            failure.set(e.getMessage() + "; the job stops (the finished slots' output stays, nothing else is visible)");
            return false;
        }
    }
}
