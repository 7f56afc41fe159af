package io.xtremehub.faastream.internal.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class WorkerLaunchTest {
    private static WorkerLaunch launch(String workerId, WorkerLaunch.ExactlyOnceStart start) {
        return new WorkerLaunch("jab12", "scope", "tcp://127.0.0.1:9090", null, null, 1, "s1w0", workerId, null,
                null, false, start);
    }

    @Test
    void aHandOffSuccessorReplacesThePreviousHandOffsSuffix() {
        assertEquals("jab12-s1w0-3-h7", WorkerLaunch.handOffWorkerId("jab12-s1w0-3", 7));
        assertEquals("jab12-s1w0-3-h12", WorkerLaunch.handOffWorkerId("jab12-s1w0-3-h7", 12),
                "ids do not grow with every hand-off");
        assertEquals("jab-h2-s1w0-0-h5", WorkerLaunch.handOffWorkerId("jab-h2-s1w0-0", 5),
                "only a trailing hand-off suffix is replaced");
    }

    @Test
    void theSuccessorRestoresTheEpochItsPredecessorStoppedAtInTheSameGeneration() {
        WorkerLaunch next = launch("jab12-s1w0-3", new WorkerLaunch.ExactlyOnceStart(4, 9, null)).handedOffAt(11);
        assertEquals("jab12-s1w0-3-h11", next.workerId());
        assertEquals(new WorkerLaunch.ExactlyOnceStart(4, 11, null, true), next.exactlyOnce());
        assertEquals("s1w0", next.slot());
        assertFalse(next.restoreState(), "its state is the epoch's, not the at-least-once hand-off object");
        assertTrue(WorkerLaunch.decode(next.encode()).exactlyOnce().successor(), "the flag travels with the launch");
    }

    @Test
    void onlyAStageWithEpochCheckpointsHandsOffAtOne() {
        assertThrows(IllegalStateException.class, () -> launch("w", null).handedOffAt(3));
        assertThrows(IllegalStateException.class,
                () -> launch("w", new WorkerLaunch.ExactlyOnceStart(0, 0, UUID.randomUUID())).handedOffAt(3));
    }
}
