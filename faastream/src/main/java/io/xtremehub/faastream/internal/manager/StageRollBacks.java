package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.internal.wire.ControlMessage;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rolls an exactly-once stage back to its last committed epoch: after a lost worker (the survivors
 * reset in place, the lost slots get new workers), after an unusable checkpoint, and as the planned
 * roll-back of a resize at a commit ({@link EpochBoundaryResize}). A keyed stage's resize restarts it the
 * same way, but from an epoch its workers end at a window end and the manager commits first
 * ({@link #beginKeyedResize}).
 */
final class StageRollBacks {
    private static final Logger LOG = LoggerFactory.getLogger(StageRollBacks.class);
    private final WorkerLauncher launcher;
    private final Duration heartbeatTimeout;
    /** A stream's window: how long a keyed resize's workers may take to reach their window end. */
    private final long windowMillis;
    private final JobFailure failure;
    /** Exactly-once jobs over a reader group: changes a stage's slots during a planned roll-back. */
    private EpochBoundaryResize resize;

    StageRollBacks(WorkerLauncher launcher, Duration heartbeatTimeout, long windowMillis, JobFailure failure) {
        this.launcher = launcher;
        this.heartbeatTimeout = heartbeatTimeout;
        this.windowMillis = windowMillis;
        this.failure = failure;
    }

    void resizeWith(EpochBoundaryResize resize) {
        this.resize = resize;
    }

    /**
     * Exactly-once recovery (reference Algorithm 2, lines 10-15), first half: the lost slot's worker
     * is stopped, and every surviving worker of the stage is told to drop what it did since the last
     * committed epoch and report when it has (ROLL_BACK). A slot lost while a roll-back waits for its
     * survivors just joins it. Other stages go on: they only ever read this stage's committed output.
     */
    void afterLoss(StageState st, SlotState lost, String reason) {
        if (st.rollBack == null) {
            LOG.warn("{}; rolling {} back to its last committed epoch {}", reason, st.label,
                    st.transactions.committedEpoch());
            begin(st, new StageRollBack(), s -> s == lost, List.of(), reason);
        } else {
            LOG.warn("{} while {} rolls back; its slot gets a new worker", reason, st.label);
            stopLost(st, lost);
        }
    }

    /**
     * A resuming manager's roll-back of a stage whose workers of the previous manager still run: those are
     * its survivors (they let go and restart in place, JVMs and connections warm), the other slots get new
     * workers. The coordinator was restored from the job's record; {@link #finish} resets the group.
     */
    void afterTakeOver(StageState st, Set<SlotState> adopted) {
        LOG.info("{}: adopting {} running workers of the previous manager; rolling back to its last committed epoch"
                + " {}", st.label, adopted.size(), st.transactions.committedEpoch());
        begin(st, new StageRollBack(), s -> !adopted.contains(s), List.of(), "resumed by a new manager");
    }

    /** Rolls every worker of the stage back to its last commit, none of them lost. */
    void rollBackStage(StageState st, String reason) {
        LOG.warn("{}; rolling {} back to its last committed epoch {}", reason, st.label, st.transactions.committedEpoch());
        begin(st, new StageRollBack(), s -> false, List.of(), reason);
    }

    /**
     * A stage's resize, right after its commit: a planned roll-back to that commit in which the slots
     * after the first {@code workers} (in slot order) are stopped for good, and {@link #finish} adds
     * new slots or removes those before restarting the stage.
     */
    void beginResize(StageState st, int workers) {
        List<SlotState> ordered = EpochBoundaryResize.inSlotOrder(st);
        begin(st, new StageRollBack(workers), s -> false,
                ordered.subList(Math.min(workers, ordered.size()), ordered.size()),
                "resize to " + workers + " workers");
    }

    /**
     * A keyed stage's resize, right after its commit. Restoring each slot's saved open window would not do:
     * the reader group hands the segments out anew, so a key's restored events and its next ones could land
     * on two workers, and a removed slot's window would be lost. So no window stays open: every worker is
     * told to stop at its next window end (windows end at the same wall-clock multiples on every worker),
     * emit that window into the open epoch, save its state for it and close its reader where it got to, then
     * wait for its RESTART. {@link #finish} commits that epoch at the positions the readers closed at and
     * restarts the stage from it with {@code workers} slots, each with an empty window.
     */
    void beginKeyedResize(StageState st, int workers) {
        long epoch = st.transactions.stoppingEpoch();
        LOG.info("{}: resizing {} -> {} workers at the next window end, in epoch {}", st.label, st.slots.size(),
                workers, epoch);
        begin(st, StageRollBack.atWindowEnd(workers, epoch), s -> false, List.of(),
                "keyed resize to " + workers + " workers");
    }

    private void begin(StageState st, StageRollBack rb, Predicate<SlotState> lost, List<SlotState> removed,
                       String cause) {
        st.rollBack = rb;
        st.recovery = new RecoveryTimeline(st.label, cause);
        // no commit and no start of the next generation until it is reset
        st.goSent = false;
        for (SlotState s : st.slots.values()) {
            s.ready = false;
            s.reading = false;
            if (removed.contains(s)) {
                stop(st, s);
                rb.removed(s);
            } else if (lost.test(s) || s.finished || !s.handle.alive()) {
                markLost(st, s);
            } else {
                rb.awaitSurvivor(s);
                st.tell(rb.stopsAtWindowEnd() ? ControlMessage.stopAtWindowEnd(s.workerId, rb.stopEpoch())
                        : new ControlMessage(ControlMessage.Type.ROLL_BACK, s.workerId));
            }
        }
        // the lost slots' (and a resize's new slots') workers start while the survivors let go, not after
        launcher.expectLaunches(st, rb.lostCount() + Math.max(0, rb.resizeTo() - (st.slots.size() - removed.size())));
    }

    /**
     * A slot of the roll-back under way lost its worker (or is given up on): it gets a new one, which
     * the platform can start now, while the roll-back waits for its survivors.
     */
    void stopLost(StageState st, SlotState s) {
        markLost(st, s);
        launcher.expectLaunches(st, 1);
    }

    private static void markLost(StageState st, SlotState s) {
        stop(st, s);
        st.rollBack.lost(s);
        if (st.rollBack.stopsAtWindowEnd()) {
            dropStop(st, "worker " + s.workerId + " was lost before");
        }
    }

    /** A survivor reported that it let go; {@code savedEpoch} is the epoch it stopped in for a keyed resize, or 0. */
    void rolledBack(StageState st, SlotState slot, long savedEpoch) {
        if (st.rollBack != null && !st.rollBack.rolledBack(slot, savedEpoch)) {
            dropStop(st, "worker " + slot.workerId + " let go without saving it");
        }
    }

    /**
     * A keyed resize whose stopped epoch cannot be committed: the stage rolls back to its last commit
     * instead and keeps its size (each slot restores the open window it saved there). Workers still on their
     * way to their window end are told to roll back now.
     */
    private static void dropStop(StageState st, String why) {
        long epoch = st.rollBack.stopEpoch();
        for (SlotState s : st.rollBack.dropStop()) {
            st.tell(new ControlMessage(ControlMessage.Type.ROLL_BACK, s.workerId));
        }
        LOG.warn("{}: its resize cannot commit epoch {} ({}); rolling back to its last committed epoch {} with its {}"
                + " slots instead", st.label, epoch, why, st.transactions.committedEpoch(), st.slots.size());
    }

    private static void stop(StageState st, SlotState s) {
        if (s.handle == null) {
            return; // a resumed job's slot whose worker did not outlive its manager: nothing runs in it
        }
        if (s.handle.alive()) {
            s.handle.kill();
        }
        // a worker only seemingly lost (silent, not dead) must not go on in any case
        st.tell(new ControlMessage(ControlMessage.Type.CANCEL, s.workerId));
    }

    /**
     * A keyed resize whose workers have all stopped: commits their epoch.
     *
     * @return whether the stage may restart now: the epoch is committed, or it cannot be and the resize became
     *         a roll-back to the commit before; false while the commit's checkpoint completes or the job fails
     */
    private boolean commitStopped(StageState st, StageRollBack rb) {
        try {
            return st.transactions.commitAtRest(rb.stopEpoch(), st.slots.keySet());
        } catch (StageTransactionCoordinator.UnusableCheckpointException e) {
            dropStop(st, e.getMessage());
            return true;
        } catch (RuntimeException e) {
            failure.commitFailed(e.getMessage());
            return false;
        }
    }

    /**
     * Exactly-once recovery, second half, once every survivor of a stage's roll-back has let go of its
     * reader and writers (or was lost): aborts the stage's open transactions, puts its reader group
     * back at the last committed checkpoint, tells each survivor to restart in place restoring that
     * checkpoint's state (a keyed stage's open windows included) and launches new workers for the
     * lost slots only: one lost worker no longer costs a start of every worker's process.
     */
    void finish(List<StageState> stages) {
        for (StageState st : stages) {
            StageRollBack rb = st.rollBack;
            if (rb == null) {
                continue;
            }
            long limit = heartbeatTimeout.toMillis() + (rb.stopsAtWindowEnd() ? windowMillis : 0);
            for (SlotState s : rb.overdue(limit)) {
                LOG.warn("{}: worker {} did not let go within {} s of the roll-back; its slot gets a new worker",
                        st.label, s.workerId, heartbeatTimeout.toSeconds());
                stopLost(st, s);
            }
            if (!rb.survivorsReady() || rb.stopsAtWindowEnd() && !commitStopped(st, rb)) {
                continue;
            }
            if (rb.stopsAtWindowEnd()) {
                // every worker emitted its window: the slots past the new size have nothing left to hand on
                List<SlotState> ordered = EpochBoundaryResize.inSlotOrder(st);
                for (SlotState s : ordered.subList(Math.min(rb.resizeTo(), ordered.size()), ordered.size())) {
                    stop(st, s);
                    rb.removed(s);
                }
            }
            st.recovery.step("survivors let go");
            // no reader is taken offline one by one (each a read and a conditional write of the group's
            // state, seconds for five on a busy machine): the reset below starts the group's state
            // afresh, without any reader, lost workers' and a failed hand-off's readers included
            for (SlotState s : st.slots.values()) {
                if (s.last != null && !s.finished) {
                    st.retire(s.last); // a finished slot's last report was retired with it
                }
                s.handedOffBy = null;
            }
            // a resize takes its slots away or adds new ones (which start like lost ones) before the reset
            List<SlotState> added = rb.resizeTo() < 0 ? List.of() : resize.changeSlots(st, rb);
            st.transactions.rollback();
            st.recovery.step("aborted and reset");
            st.readAgain();
            st.rollBack = null;
            for (SlotState s : st.slots.values()) {
                s.incarnation++;
                s.handOffEpoch = 0; // a successor that had not started restarts like the others
                if (rb.isLost(s) || added.contains(s)) {
                    launcher.launch(st, s);
                } else {
                    launcher.restartInPlace(st, s);
                }
            }
            st.recovery.step("relaunched");
            st.transactions.openAhead();
            int fresh = rb.lostCount() + added.size();
            LOG.info("{}: {} of {} workers restart in place, {} new", st.label, st.slots.size() - fresh,
                    st.slots.size(), fresh);
        }
    }
}
