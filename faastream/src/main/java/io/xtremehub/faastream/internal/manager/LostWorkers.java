package io.xtremehub.faastream.internal.manager;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides what a lost worker costs: a restart of its slot, in an exactly-once job a roll-back of its
 * stage ({@link StageRollBacks}), in an at-least-once keyed stream stage a restart of the stage at its
 * next window end ({@link KeyedStageResize#lost}), or the job's failure when none keeps the results
 * right (a keyed stage of a batch, a stage finishing its input, a slot or keyed stage that keeps failing).
 */
final class LostWorkers {
    private static final Logger LOG = LoggerFactory.getLogger(LostWorkers.class);
    private static final int MAX_RESTARTS = 3;
    private final WorkerLauncher launcher;
    private final StageRollBacks rollBacks;
    private final KeyedStageResize keyedResize;
    private final JobFailure failure;

    LostWorkers(WorkerLauncher launcher, StageRollBacks rollBacks, KeyedStageResize keyedResize, JobFailure failure) {
        this.launcher = launcher;
        this.rollBacks = rollBacks;
        this.keyedResize = keyedResize;
        this.failure = failure;
    }

    /** The slot's worker exited or went silent ({@code why} says which). */
    void lost(StageState st, SlotState slot, String why) {
        slot.handle.kill();
        String who = st.label + " worker " + slot.workerId;
        if (keyedResize.resizes(st) && !st.inputComplete) {
            if (!keyedResize.lost(st, slot, who + " " + why)) {
                failure.set(who + " " + why + "; the stage lost " + KeyedStageResize.MAX_LOSSES_WITHOUT_PROGRESS
                        + " workers in a row before any emitted a window, giving up");
            }
            return;
        }
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
            rollBacks.afterLoss(st, slot, who + " " + why);
            return;
        }
        restart(st, slot, who + " " + why);
    }

    /** At-least-once: the slot starts over with a new worker where the lost one's reads were last recorded. */
    private void restart(StageState st, SlotState slot, String reason) {
        if (st.attempts != null) {
            // killed above: nothing more lands in its attempt, which is thrown away; the slot starts over
            st.attempts.lost(slot.slot);
        }
        if (slot.last != null) {
            st.retire(slot.last);
        }
        if (st.readerGroup != null) {
            try {
                // its segments go back to the others from the last checkpoint: nothing read is lost
                st.readerGroup.readerOffline(slot.workerId, null);
            } catch (RuntimeException e) {
                LOG.warn("readerOffline {} failed: {}", slot.workerId, e.toString());
            }
        }
        LOG.warn("{}; restarting slot {}", reason, slot.slot);
        slot.incarnation++;
        launcher.launch(st, slot);
    }
}
