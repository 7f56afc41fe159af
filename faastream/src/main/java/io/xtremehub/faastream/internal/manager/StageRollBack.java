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
 */
final class StageRollBack {
    private final Set<SlotState> awaited = new LinkedHashSet<>();
    private final Set<SlotState> lost = new LinkedHashSet<>();
    private final long startedMillis = System.currentTimeMillis();

    /** A worker told to roll back in place, whose report is awaited. */
    void awaitSurvivor(SlotState slot) {
        awaited.add(slot);
    }

    /** A slot whose worker is gone: it gets a new one. */
    void lost(SlotState slot) {
        awaited.remove(slot);
        lost.add(slot);
    }

    /** The survivor in {@code slot} has let go of its reader, writers and state. */
    void rolledBack(SlotState slot) {
        awaited.remove(slot);
    }

    /** Whether the worker in {@code slot} was told to roll back and has not reported it yet. */
    boolean awaits(SlotState slot) {
        return awaited.contains(slot);
    }

    /** The survivors still awaited once {@code limitMillis} have passed since the roll-back began. */
    List<SlotState> overdue(long limitMillis) {
        return System.currentTimeMillis() - startedMillis > limitMillis ? List.copyOf(awaited) : List.of();
    }

    boolean isLost(SlotState slot) {
        return lost.contains(slot);
    }

    /** Whether every survivor has reported (or was lost): the stage can be reset and restarted. */
    boolean survivorsReady() {
        return awaited.isEmpty();
    }

    int lostCount() {
        return lost.size();
    }
}
