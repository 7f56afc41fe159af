package io.xtremehub.faastream.internal.manager;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * An exactly-once stage's roll-back under way. Its surviving workers were told to let go of
 * everything since the last committed epoch; the manager waits for each to report so before it
 * resets the reader group and aborts the epoch's transactions (a survivor still reading or writing
 * then would fail on them). A survivor that dies or goes silent meanwhile joins the lost slots,
 * which get new workers; so does one that reports its work done instead (it finished before the
 * order reached it) and one that keeps reporting but has not let go in time: a worker reads its
 * orders between events, so one busy in a long call (a reducer emitting a huge batch, a user function
 * that never returns) would hold the stage up, while its side channel keeps it looking alive.
 *
 * <p>A planned roll-back also changes the stage's size ({@link EpochBoundaryResize}): it begins right
 * after a commit, and its removed slots are stopped for good instead of getting new workers.
 *
 * <p>A keyed stage's resize goes forward instead of back ({@link #atWindowEnd}): every worker stops at its
 * next window end, emits that window into the open epoch, saves its state for it and closes its reader where
 * it got to; the manager commits that epoch ({@code StageTransactionCoordinator.commitAtRest}) and restarts
 * the stage from it. Should a slot be lost before that commit, it becomes a roll-back after a loss: the
 * stage goes back to the commit before and keeps its size ({@link #dropStop}).
 */
final class StageRollBack {
    private final Set<SlotState> awaited = new LinkedHashSet<>();
    private final Set<SlotState> lost = new LinkedHashSet<>();
    private final Set<SlotState> removed = new LinkedHashSet<>();
    private long startedMillis = System.currentTimeMillis();
    /** The stage's number of slots once restarted; -1 when it keeps its size (a lost worker). */
    private int resizeTo;
    /** A keyed resize: the epoch its workers stop in, committed before the restart; 0 for a roll-back. */
    private long stopEpoch;

    /** A roll-back after a lost worker: the stage keeps its slots. */
    StageRollBack() {
        this(-1);
    }

    /** A planned roll-back to the commit just made, after which the stage runs {@code resizeTo} slots. */
    StageRollBack(int resizeTo) {
        this.resizeTo = resizeTo;
    }

    /** A keyed stage's resize: its workers stop at a window end in {@code epoch}, which is committed first. */
    static StageRollBack atWindowEnd(int resizeTo, long epoch) {
        StageRollBack rb = new StageRollBack(resizeTo);
        rb.stopEpoch = epoch;
        return rb;
    }

    /** Whether this is a keyed resize whose workers stop at a window end (see {@link #atWindowEnd}). */
    boolean stopsAtWindowEnd() {
        return stopEpoch > 0;
    }

    /** The epoch a keyed resize's workers stop in; 0 for a roll-back. */
    long stopEpoch() {
        return stopEpoch;
    }

    /**
     * The keyed resize cannot commit its epoch (a slot was lost before, or one let go without saving it): it
     * becomes a roll-back to the last commit that keeps the stage's size. Survivors still awaited must be told
     * to roll back, and get the usual time to do it from now.
     *
     * @return the survivors still awaited
     */
    List<SlotState> dropStop() {
        stopEpoch = 0;
        resizeTo = -1;
        startedMillis = System.currentTimeMillis();
        return List.copyOf(awaited);
    }

    /** A worker told to roll back in place, whose report is awaited. */
    void awaitSurvivor(SlotState slot) {
        awaited.add(slot);
    }

    /** A slot whose worker is gone: it gets a new one. */
    void lost(SlotState slot) {
        awaited.remove(slot);
        lost.add(slot);
    }

    /**
     * The survivor in {@code slot} has let go of its reader, writers and state.
     *
     * @param savedEpoch the epoch it saved its last window and state for when it stopped at a window end, or 0
     * @return false when this keyed resize needed that epoch saved and the worker did not (see {@link #dropStop})
     */
    boolean rolledBack(SlotState slot, long savedEpoch) {
        return !awaited.remove(slot) || stopEpoch == 0 || savedEpoch == stopEpoch;
    }

    /** Whether the worker in {@code slot} was told to roll back and has not reported it yet. */
    boolean awaits(SlotState slot) {
        return awaited.contains(slot);
    }

    /**
     * The survivors still awaited once {@code limitMillis} have passed since the roll-back began (or became
     * one, {@link #dropStop}); a keyed resize's workers first finish their window, so the caller adds it.
     */
    List<SlotState> overdue(long limitMillis) {
        return System.currentTimeMillis() - startedMillis > limitMillis ? List.copyOf(awaited) : List.of();
    }

    /** A slot the resize takes away: stopped, neither awaited nor relaunched. */
    void removed(SlotState slot) {
        awaited.remove(slot);
        removed.add(slot);
    }

    List<SlotState> removedSlots() {
        return List.copyOf(removed);
    }

    /** The slot count to restart with, or -1 when the stage keeps its slots. */
    int resizeTo() {
        return resizeTo;
    }

    boolean isLost(SlotState slot) {
        return lost.contains(slot);
    }

    /** Whether the slot's worker was stopped by this roll-back: lost, or removed by its resize. */
    boolean stopped(SlotState slot) {
        return lost.contains(slot) || removed.contains(slot);
    }

    /** Whether every survivor has reported (or was lost): the stage can be reset and restarted. */
    boolean survivorsReady() {
        return awaited.isEmpty();
    }

    int lostCount() {
        return lost.size();
    }
}
