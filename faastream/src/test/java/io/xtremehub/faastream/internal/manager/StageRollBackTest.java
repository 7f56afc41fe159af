package io.xtremehub.faastream.internal.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StageRollBackTest {
    @Test
    void aSurvivorThatHasNotLetGoInTimeIsOverdueAndThenLost() {
        SlotState reported = new SlotState("s0w0", List.of(), true);
        SlotState stuck = new SlotState("s0w1", List.of(), true);
        StageRollBack rb = new StageRollBack();
        rb.awaitSurvivor(reported);
        rb.awaitSurvivor(stuck);
        rb.rolledBack(reported, 0);
        assertEquals(List.of(), rb.overdue(60_000), "not yet overdue");
        assertEquals(List.of(stuck), rb.overdue(-1));
        assertFalse(rb.survivorsReady());
        rb.lost(stuck);
        assertTrue(rb.survivorsReady());
        assertTrue(rb.isLost(stuck) && !rb.isLost(reported));
        assertEquals(List.of(), rb.overdue(-1));
    }

    @Test
    void aSurvivorIsAwaitedUntilItReportsOrIsLost() {
        SlotState finishing = new SlotState("s0w0", List.of(), true);
        SlotState other = new SlotState("s0w1", List.of(), true);
        StageRollBack rb = new StageRollBack();
        rb.awaitSurvivor(finishing);
        assertTrue(rb.awaits(finishing));
        assertFalse(rb.awaits(other), "never told to roll back");
        // it reported DONE instead of ROLLED_BACK: the manager takes it as lost
        rb.lost(finishing);
        assertFalse(rb.awaits(finishing));
        assertTrue(rb.survivorsReady());
        assertEquals(1, rb.lostCount());
    }

    @Test
    void aKeyedResizeWaitsForEveryWorkerToSaveItsStoppedEpoch() {
        SlotState first = new SlotState("s1w0", List.of(), true);
        SlotState second = new SlotState("s1w1", List.of(), true);
        StageRollBack rb = StageRollBack.atWindowEnd(4, 12);
        rb.awaitSurvivor(first);
        rb.awaitSurvivor(second);
        assertTrue(rb.stopsAtWindowEnd());
        assertEquals(12, rb.stopEpoch());
        assertEquals(4, rb.resizeTo());
        assertTrue(rb.rolledBack(first, 12));
        assertTrue(rb.rolledBack(first, 12), "its repeated report changes nothing");
        assertFalse(rb.survivorsReady());
        assertTrue(rb.rolledBack(second, 12));
        assertTrue(rb.survivorsReady());
        assertTrue(rb.stopsAtWindowEnd(), "every worker saved the epoch: it can be committed");
    }

    @Test
    void aKeyedResizeWhoseWorkerLetGoWithoutItsEpochBecomesARollBackThatKeepsTheSize() {
        SlotState dropped = new SlotState("s1w0", List.of(), true);
        SlotState onItsWay = new SlotState("s1w1", List.of(), true);
        StageRollBack rb = StageRollBack.atWindowEnd(1, 12);
        rb.awaitSurvivor(dropped);
        rb.awaitSurvivor(onItsWay);
        assertFalse(rb.rolledBack(dropped, 0), "it dropped its window instead of saving it in epoch 12");
        assertEquals(List.of(onItsWay), rb.dropStop(), "still to be told to roll back");
        assertFalse(rb.stopsAtWindowEnd());
        assertEquals(-1, rb.resizeTo(), "the stage keeps its slots");
        assertTrue(rb.rolledBack(onItsWay, 0), "a plain roll-back needs no epoch");
        assertTrue(rb.survivorsReady());
    }
}
