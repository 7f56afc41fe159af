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
        rb.rolledBack(reported);
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
}
