package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.internal.wire.ControlMessage;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rolls an exactly-once stage back to its last committed epoch: after a lost worker (the survivors
 * reset in place, the lost slots get new workers), after an unusable checkpoint, and as the planned
 * roll-back of a resize at a commit ({@link EpochBoundaryResize}).
 */
final class StageRollBacks {
    private static final Logger LOG = LoggerFactory.getLogger(StageRollBacks.class);
    private final WorkerLauncher launcher;
    private final Duration heartbeatTimeout;
    /** Exactly-once jobs over a reader group: changes a stage's slots during a planned roll-back. */
    private EpochBoundaryResize resize;

    StageRollBacks(WorkerLauncher launcher, Duration heartbeatTimeout) {
        this.launcher = launcher;
        this.heartbeatTimeout = heartbeatTimeout;
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
            begin(st, new StageRollBack(), s -> s == lost, List.of());
        } else {
            LOG.warn("{} while {} rolls back; its slot gets a new worker", reason, st.label);
            stopLost(st, lost);
        }
    }

    /** Rolls every worker of the stage back to its last commit, none of them lost. */
    void rollBackStage(StageState st, String reason) {
        LOG.warn("{}; rolling {} back to its last committed epoch {}", reason, st.label, st.transactions.committedEpoch());
        begin(st, new StageRollBack(), s -> false, List.of());
    }

    /**
     * A stage's resize, right after its commit: a planned roll-back to that commit in which the slots
     * after the first {@code workers} (in slot order) are stopped for good, and {@link #finish} adds
     * new slots or removes those before restarting the stage.
     */
    void beginResize(StageState st, int workers) {
        List<SlotState> ordered = EpochBoundaryResize.inSlotOrder(st);
        begin(st, new StageRollBack(workers), s -> false,
                ordered.subList(Math.min(workers, ordered.size()), ordered.size()));
    }

    private void begin(StageState st, StageRollBack rb, Predicate<SlotState> lost, List<SlotState> removed) {
        st.rollBack = rb;
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
                st.tell(new ControlMessage(ControlMessage.Type.ROLL_BACK, s.workerId));
            }
        }
        // the lost slots' (and a resize's new slots') workers start while the survivors let go, not after
        launcher.expectLaunches(rb.lostCount() + Math.max(0, rb.resizeTo() - (st.slots.size() - removed.size())));
    }

    /**
     * A slot of the roll-back under way lost its worker (or is given up on): it gets a new one, which
     * the platform can start now, while the roll-back waits for its survivors.
     */
    void stopLost(StageState st, SlotState s) {
        markLost(st, s);
        launcher.expectLaunches(1);
    }

    private static void markLost(StageState st, SlotState s) {
        stop(st, s);
        st.rollBack.lost(s);
    }

    private static void stop(StageState st, SlotState s) {
        if (s.handle.alive()) {
            s.handle.kill();
        }
        // a worker only seemingly lost (silent, not dead) must not go on in any case
        st.tell(new ControlMessage(ControlMessage.Type.CANCEL, s.workerId));
    }

    private static void offline(StageState st, String workerId) {
        try {
            st.readerGroup.readerOffline(workerId, null);
        } catch (RuntimeException e) {
            LOG.debug("readerOffline {} failed: {}", workerId, e.toString());
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
            for (SlotState s : rb.overdue(heartbeatTimeout.toMillis())) {
                LOG.warn("{}: worker {} did not let go within {} s of the roll-back; its slot gets a new worker",
                        st.label, s.workerId, heartbeatTimeout.toSeconds());
                stopLost(st, s);
            }
            if (!rb.survivorsReady()) {
                continue;
            }
            for (SlotState s : st.slots.values()) {
                if (s.last != null && !s.finished) {
                    st.retire(s.last); // a finished slot's last report was retired with it
                }
                offline(st, s.workerId);
                if (s.handedOffBy != null) {
                    // a worker that failed right after handing off may not have closed its reader
                    offline(st, s.handedOffBy);
                    s.handedOffBy = null;
                }
            }
            // a resize takes its slots away or adds new ones (which start like lost ones) before the reset
            List<SlotState> added = rb.resizeTo() < 0 ? List.of() : resize.changeSlots(st, rb);
            st.transactions.rollback();
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
            int fresh = rb.lostCount() + added.size();
            LOG.info("{}: {} of {} workers restart in place, {} new", st.label, st.slots.size() - fresh,
                    st.slots.size(), fresh);
        }
    }
}
