package io.xtremehub.faastream.internal.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.ControlMessage.Type;
import java.util.List;
import org.junit.jupiter.api.Test;

class StartGateTest {
    private static final ControlMessage GO = new ControlMessage(Type.GO, ControlMessage.ALL);
    private static final ControlMessage COMPLETE = new ControlMessage(Type.INPUT_COMPLETE, ControlMessage.ALL);

    @Test
    void aRestartedWorkerKeepsTheInputCompleteItReplaysAfterItsGo() {
        // the history a worker restarted late in a batch job reads in its first poll
        StartGate gate = new StartGate("w-1", null);
        assertEquals(StartGate.Decision.START, gate.offer(List.of(GO, COMPLETE)));
        assertEquals(List.of(COMPLETE), gate.forProcessing());
    }

    @Test
    void anExactlyOnceWorkerKeepsOnlyItsOwnGenerationsInputComplete() {
        // the history a worker of generation 2 replays: generation 1 was told its input was complete,
        // then rolled back; that message must not end the new worker before it read anything
        StartGate gate = new StartGate("w-1", 2L);
        ControlMessage oldGeneration = ControlMessage.useTransaction(1, "t1");
        ControlMessage own = ControlMessage.useTransaction(2, "t2");
        ControlMessage ownComplete = ControlMessage.inputComplete(2);
        assertEquals(StartGate.Decision.WAIT, gate.offer(List.of(oldGeneration, ControlMessage.inputComplete(1))));
        assertEquals(StartGate.Decision.START, gate.offer(List.of(own, ownComplete)));
        assertEquals(own, gate.start());
        assertEquals(List.of(ownComplete), gate.forProcessing());
        assertTrue(ownComplete.endsGeneration(2L) && !ownComplete.endsGeneration(1L) && COMPLETE.endsGeneration(null),
                "the processing loop applies the same test");
    }

    @Test
    void anInputCompleteOfItsGenerationBeforeItsStartIsKept() {
        StartGate gate = new StartGate("w-1", 2L);
        ControlMessage complete = ControlMessage.inputComplete(2);
        assertEquals(StartGate.Decision.WAIT, gate.offer(List.of(complete)));
        assertEquals(StartGate.Decision.START, gate.offer(List.of(ControlMessage.useTransaction(2, "t2"))));
        assertEquals(List.of(complete), gate.forProcessing());
    }

    @Test
    void aHandOffSuccessorStartsOnlyOnTheTransactionSentToItByName() {
        // it replays the stage's broadcast of its generation, which names the long committed first transaction
        StartGate gate = new StartGate("w-0-h7", 2L, true);
        ControlMessage toItsPredecessor = ControlMessage.useTransaction("w-0-h3", 2, "t4");
        assertEquals(StartGate.Decision.WAIT, gate.offer(List.of(ControlMessage.useTransaction(2, "t1"),
                toItsPredecessor, ControlMessage.useTransaction("w-0-h7", 1, "t0"))));
        ControlMessage own = ControlMessage.useTransaction("w-0-h7", 2, "t8");
        assertEquals(StartGate.Decision.START, gate.offer(List.of(own)));
        assertEquals("t8", gate.start().transaction());
    }

    @Test
    void aHandOffSuccessorRollsBackWhenTheStageDoesBeforeItStarted() {
        StartGate gate = new StartGate("w-0-h7", 2L, true);
        assertEquals(StartGate.Decision.ROLLED_BACK, gate.offer(List.of(ControlMessage.useTransaction(2, "t1"),
                new ControlMessage(Type.ROLL_BACK, "w-0-h7"))));
    }

    @Test
    void anExactlyOnceWorkerIgnoresAPlainGo() {
        StartGate gate = new StartGate("w-1", 1L);
        assertEquals(StartGate.Decision.WAIT, gate.offer(List.of(GO)));
        assertTrue(gate.forProcessing().isEmpty());
    }

    @Test
    void aRollBackWhileWaitingForTheStartEndsTheWaitOnlyForItsTarget() {
        // a survivor of a roll-back, restarted in place, waits for its generation when another slot is lost
        StartGate gate = new StartGate("w-1", 3L);
        assertEquals(StartGate.Decision.WAIT, gate.offer(List.of(new ControlMessage(Type.ROLL_BACK, "w-0"),
                ControlMessage.restart("w-0", "w-2", 3, 7))));
        assertEquals(StartGate.Decision.ROLLED_BACK, gate.offer(List.of(new ControlMessage(Type.ROLL_BACK, "w-1"))));
    }

    @Test
    void messagesForOtherWorkersAreIgnoredAndCancelOrStopEndTheWait() {
        StartGate gate = new StartGate("w-1", null);
        assertEquals(StartGate.Decision.WAIT, gate.offer(List.of(new ControlMessage(Type.STOP, "w-0"),
                new ControlMessage(Type.INPUT_COMPLETE, "w-0"))));
        assertTrue(gate.forProcessing().isEmpty());
        assertEquals(StartGate.Decision.STOPPED, gate.offer(List.of(new ControlMessage(Type.STOP, "w-1"))));
        assertEquals(StartGate.Decision.CANCELLED,
                new StartGate("w-1", null).offer(List.of(new ControlMessage(Type.CANCEL, ControlMessage.ALL))));
    }
}
