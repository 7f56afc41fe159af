package io.xtremehub.faastream.internal.manager;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class EpochHandOffsTest {
    private static StageState stage(SlotState... slots) {
        StageState st = new StageState(0, null, "stage 1 (sum)", null, null);
        for (SlotState s : slots) {
            st.slots.put(s.slot, s);
        }
        return st;
    }

    private static SlotState slot(String name, boolean reading) {
        SlotState s = new SlotState(name, List.of(), true);
        s.reading = reading;
        return s;
    }

    @Test
    void whereWorkersHandOffACheckpointWaitsUntilEveryWorkerHasReportedSinceItStarted() {
        assertTrue(EpochHandOffs.mayCheckpoint(stage(slot("s0w0", true), slot("s0w1", true)), true));
        assertFalse(EpochHandOffs.mayCheckpoint(stage(slot("s0w0", true), slot("s0w1", false)), true),
                "a worker waiting to start may still hand off as it is and leave the reader group");
    }

    @Test
    void whereWorkersDoNotHandOffACheckpointDoesNotWaitForAWorkerToReportThatItReads() {
        assertTrue(EpochHandOffs.mayCheckpoint(stage(slot("s0w0", true), slot("s0w1", false)), false),
                "a worker told to start reaches the checkpoint when it reads");
    }

    @Test
    void aFinishedWorkerDoesNotHoldCheckpoints() {
        SlotState finished = slot("s0w1", false);
        finished.finished = true;
        assertTrue(EpochHandOffs.mayCheckpoint(stage(slot("s0w0", true), finished), true));
    }

    @Test
    void aSuccessorThatHasNotJoinedHoldsCheckpoints() {
        SlotState successor = slot("s0w1", true);
        successor.handOffEpoch = 4;
        assertFalse(EpochHandOffs.mayCheckpoint(stage(slot("s0w0", true), successor), false));
    }
}
