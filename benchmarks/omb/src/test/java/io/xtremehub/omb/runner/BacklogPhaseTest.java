package io.xtremehub.omb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BacklogPhaseTest {

    @Test
    void holdsConsumersUntilTheBacklogIsBuiltThenDrainsByTheRatio() {
        BacklogPhase phase = new BacklogPhase(1000, 0.9, new ConsumerGate());
        assertTrue(phase.consumersPaused());
        assertEquals(BacklogPhase.State.BUILDING, phase.step(999));
        assertEquals(BacklogPhase.State.DRAINING, phase.step(1000));
        assertFalse(phase.consumersPaused());
        assertEquals(BacklogPhase.State.DRAINING, phase.step(101));
        assertEquals(BacklogPhase.State.DONE, phase.step(100));
    }

    @Test
    void noBacklogRequestedMeansNoPhase() {
        assertEquals(BacklogPhase.State.DONE, new BacklogPhase(0, 1.0, new ConsumerGate()).state());
    }
}
