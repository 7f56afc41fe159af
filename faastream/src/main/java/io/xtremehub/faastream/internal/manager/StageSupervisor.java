package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.ScalingPolicy;
import io.xtremehub.faastream.WorkerStats;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.Telemetry;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the workers of a job's stages: their reports (ready, checkpointed, done, failed, stats),
 * their liveness, and what happens when one is lost: a restart of its slot, or in an exactly-once
 * job a roll-back of its whole stage to the last committed epoch (the survivors reset in place, the
 * lost slots get new workers); or the job's failure when neither can keep the results right.
 */
final class StageSupervisor {
    private static final Logger LOG = LoggerFactory.getLogger(StageSupervisor.class);
    private static final int MAX_RESTARTS = 3;
    private final WorkerLauncher launcher;
    private final JobOptions options;
    private final ScalingPolicy policy;
    private final JobFailure failure;
    /** Exactly-once jobs over a reader group: changes a stage's slots during a planned roll-back. */
    private EpochBoundaryResize resize;

    StageSupervisor(WorkerLauncher launcher, JobOptions options, JobFailure failure) {
        this.launcher = launcher;
        this.options = options;
        this.policy = options.scalingPolicy();
        this.failure = failure;
    }

    void resizeWith(EpochBoundaryResize resize) {
        this.resize = resize;
    }

    void onTelemetry(StageState st, Telemetry t) {
        SlotState slot = st.slots.get(t.slot());
        if (slot == null || !t.worker().equals(slot.workerId)) {
            return; // an earlier incarnation
        }
        slot.lastSeen = System.currentTimeMillis();
        slot.heard = true;
        slot.last = t;
        if (t.endSegments() != null) {
            st.endsSeen.addAll(t.endSegments());
        }
        switch (t.type()) {
            case READY -> slot.ready = true;
            case CHECKPOINTED -> st.transactions.acknowledged(slot.slot, t.checkpointEpoch());
            case HANDING_OFF -> EpochHandOffs.begin(st, slot, t);
            case ROLLED_BACK -> {
                if (st.rollBack != null) {
                    st.rollBack.rolledBack(slot);
                }
            }
            case DONE -> {
                if (st.attempts != null && !commitAttempt(st, slot)) {
                    return;
                }
                slot.finished = true;
                retire(st, t);
                if (st.rollBack != null && st.rollBack.awaits(slot)) {
                    // it finished before it read its ROLL_BACK: what it wrote is aborted with the
                    // epoch, and it ended, so it will never report ROLLED_BACK
                    LOG.info("{}: worker {} finished before it could roll back; its slot gets a new worker",
                            st.label, slot.workerId);
                    stopLost(st, slot);
                }
            }
            case FAILED -> {
                failure.set(t.error());
            }
            case STATS, HANDOFF -> policy.addWorkerStats(new WorkerStats(st.index, t.worker(), t.queueSize(),
                    t.eventsIn(), t.eventsOut(), t.processingNanos(), t.readNanos(), t.timestampMillis()));
            default -> {
            }
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

    static void retire(StageState st, Telemetry t) {
        st.retiredIn += t.eventsIn();
        st.retiredOut += t.eventsOut();
        st.retiredNanos += t.processingNanos();
        st.retiredDeadLettered += t.deadLettered();
    }

    /** Replaces each worker that exited or went silent (see {@link #workerLost}). */
    void checkLiveness(List<StageState> stages) {
        long now = System.currentTimeMillis();
        for (StageState st : stages) {
            for (SlotState slot : st.slots.values()) {
                if (slot.finished || st.rollBack != null && st.rollBack.stopped(slot)) {
                    continue; // a lost slot waits for the roll-back to give it a new worker, a removed one for its end
                }
                boolean exited = !slot.handle.alive();
                Duration limit = slot.heard ? options.heartbeatTimeout() : options.startupTimeout();
                boolean silent = now - slot.lastSeen > limit.toMillis();
                if (!exited && !silent) {
                    continue;
                }
                if (exited && slot.stopping) {
                    // a worker told to stop may exit before its DONE report is read
                    continue;
                }
                if (exited) {
                    // give its last report a moment to arrive before calling it dead
                    for (Telemetry t : st.telemetry.poll()) {
                        onTelemetry(st, t);
                    }
                    if (slot.finished || failure.isSet()) {
                        continue;
                    }
                }
                workerLost(st, slot, exited ? "exited unexpectedly" : (slot.heard ? "sent no heartbeat for "
                        : "sent no first report within ") + limit.toSeconds() + " s");
                if (failure.isSet()) {
                    return;
                }
            }
        }
    }

    private void workerLost(StageState st, SlotState slot, String why) {
        slot.handle.kill();
        String who = st.label + " worker " + slot.workerId;
        if (st.spec.keyed() && st.transactions == null) {
            failure.set(who + " " + why + " while holding key groups; its partial groups are lost, so the job stops"
                    + " rather than emit incomplete results (rerun the job)");
            return;
        }
        if (st.inputComplete && st.transactions == null) {
            failure.set(who + " " + why + " while finishing; the job stops rather than lose its last events (rerun the job)");
            return;
        }
        if (st.transactions != null && st.transactions.commits() > slot.commitsAtLastLoss) {
            // the stage committed since this slot's last loss: it made progress, so count afresh
            slot.restarts = 0;
        }
        if (st.transactions != null) {
            slot.commitsAtLastLoss = st.transactions.commits();
        }
        if (++slot.restarts > MAX_RESTARTS) {
            failure.set(who + " " + why + "; slot " + slot.slot + " failed " + MAX_RESTARTS + " times"
                    + (st.transactions != null ? " without a commit in between" : "") + ", giving up");
            return;
        }
        if (st.transactions != null) {
            rollBack(st, slot, who + " " + why);
            return;
        }
        if (st.attempts != null) {
            // killed above: nothing more lands in its attempt, which is thrown away; the slot starts over
            st.attempts.lost(slot.slot);
        }
        if (slot.last != null) {
            retire(st, slot.last);
        }
        if (st.readerGroup != null) {
            try {
                // its segments go back to the others from the last checkpoint: nothing read is lost
                st.readerGroup.readerOffline(slot.workerId, null);
            } catch (RuntimeException e) {
                LOG.warn("readerOffline {} failed: {}", slot.workerId, e.toString());
            }
        }
        LOG.warn("{} {}; restarting slot {}", who, why, slot.slot);
        slot.incarnation++;
        launcher.launch(st, slot);
    }

    /**
     * Exactly-once recovery (reference Algorithm 2, lines 10-15), first half: the lost slot's worker
     * is stopped, and every surviving worker of the stage is told to drop what it did since the last
     * committed epoch and report when it has (ROLL_BACK). A slot lost while a roll-back waits for its
     * survivors just joins it. Other stages go on: they only ever read this stage's committed output.
     */
    private void rollBack(StageState st, SlotState lost, String reason) {
        if (st.rollBack == null) {
            LOG.warn("{}; rolling {} back to its last committed epoch {}", reason, st.label,
                    st.transactions.committedEpoch());
            beginRollBack(st, new StageRollBack(), s -> s == lost, List.of());
        } else {
            LOG.warn("{} while {} rolls back; its slot gets a new worker", reason, st.label);
            stopLost(st, lost);
        }
    }

    /** Exactly-once: rolls every worker of the stage back to its last commit, none of them lost. */
    void rollBackStage(StageState st, String reason) {
        LOG.warn("{}; rolling {} back to its last committed epoch {}", reason, st.label, st.transactions.committedEpoch());
        beginRollBack(st, new StageRollBack(), s -> false, List.of());
    }

    /**
     * An exactly-once stage's resize, right after its commit: a planned roll-back to that commit in
     * which the slots after the first {@code workers} (in slot order) are stopped for good, and
     * {@link #finishRollBacks} adds new slots or removes those before restarting the stage.
     */
    void beginResize(StageState st, int workers) {
        List<SlotState> ordered = EpochBoundaryResize.inSlotOrder(st);
        beginRollBack(st, new StageRollBack(workers), s -> false,
                ordered.subList(Math.min(workers, ordered.size()), ordered.size()));
    }

    private void beginRollBack(StageState st, StageRollBack rb, Predicate<SlotState> lost, List<SlotState> removed) {
        st.rollBack = rb;
        // no commit and no start of the next generation until it is reset
        st.goSent = false;
        for (SlotState s : st.slots.values()) {
            s.ready = false;
            if (removed.contains(s)) {
                stop(st, s);
                rb.removed(s);
            } else if (lost.test(s) || s.finished || !s.handle.alive()) {
                stopLost(st, s);
            } else {
                rb.awaitSurvivor(s);
                tell(st, new ControlMessage(ControlMessage.Type.ROLL_BACK, s.workerId));
            }
        }
    }

    private static void offline(StageState st, String workerId) {
        try {
            st.readerGroup.readerOffline(workerId, null);
        } catch (RuntimeException e) {
            LOG.debug("readerOffline {} failed: {}", workerId, e.toString());
        }
    }

    private void stopLost(StageState st, SlotState s) {
        stop(st, s);
        st.rollBack.lost(s);
    }

    private static void stop(StageState st, SlotState s) {
        if (s.handle.alive()) {
            s.handle.kill();
        }
        // a worker only seemingly lost (silent, not dead) must not go on in any case
        tell(st, new ControlMessage(ControlMessage.Type.CANCEL, s.workerId));
    }

    static void tell(StageState st, ControlMessage m) {
        try {
            st.control.append(m);
        } catch (RuntimeException e) {
            LOG.debug("{} message: {}", m.type(), e.toString());
        }
    }

    /**
     * Exactly-once recovery, second half, once every survivor of a stage's roll-back has let go of its
     * reader and writers (or was lost): aborts the stage's open transactions, puts its reader group
     * back at the last committed checkpoint, tells each survivor to restart in place restoring that
     * checkpoint's state (a keyed stage's open windows included) and launches new workers for the
     * lost slots only: one lost worker no longer costs a start of every worker's process.
     */
    void finishRollBacks(List<StageState> stages) {
        for (StageState st : stages) {
            StageRollBack rb = st.rollBack;
            if (rb == null) {
                continue;
            }
            for (SlotState s : rb.overdue(options.heartbeatTimeout().toMillis())) {
                LOG.warn("{}: worker {} did not let go within {} s of the roll-back; its slot gets a new worker",
                        st.label, s.workerId, options.heartbeatTimeout().toSeconds());
                stopLost(st, s);
            }
            if (!rb.survivorsReady()) {
                continue;
            }
            for (SlotState s : st.slots.values()) {
                if (s.last != null && !s.finished) {
                    retire(st, s.last); // a finished slot's last report was retired with it
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
