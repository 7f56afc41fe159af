package io.xtremehub.faastream.internal.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.ControlMessage.Type;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

class ManagerOrdersTest {
    private final Deque<List<ControlMessage>> polls = new ArrayDeque<>();
    private final ManagerOrders orders = new ManagerOrders("w-1", 1L, () -> polls.isEmpty() ? List.of() : polls.poll());

    @Test
    void aRollBackPolledWithTheEndOfTheInputWinsOverIt() {
        // one poll: the input ended, then another worker was lost; finishing would report DONE to a
        // manager waiting for ROLLED_BACK
        polls.add(List.of(ControlMessage.inputComplete(1), new ControlMessage(Type.ROLL_BACK, "w-1")));
        assertEquals(ManagerOrders.Order.ROLL_BACK, orders.next());
    }

    @Test
    void aRollBackThatComesWhileTheWorkerFinishesIsStillSeen() {
        polls.add(List.of(ControlMessage.inputComplete(1)));
        polls.add(List.of(new ControlMessage(Type.ROLL_BACK, "w-1")));
        assertEquals(ManagerOrders.Order.FINISH, orders.next());
        assertEquals(ManagerOrders.Order.ROLL_BACK, orders.next(), "the check before its DONE report");
        assertEquals(ManagerOrders.Order.NONE, orders.next());
    }

    @Test
    void aCancelWinsOverEverythingAndOthersOrdersAndOldGenerationsAreIgnored() {
        polls.add(List.of(new ControlMessage(Type.ROLL_BACK, "w-2"), ControlMessage.inputComplete(0),
                new ControlMessage(Type.GO, ControlMessage.ALL)));
        assertEquals(ManagerOrders.Order.NONE, orders.next());
        polls.add(List.of(new ControlMessage(Type.CANCEL, "w-1"), new ControlMessage(Type.ROLL_BACK, "w-1"),
                new ControlMessage(Type.STOP, ControlMessage.ALL)));
        assertEquals(ManagerOrders.Order.CANCEL, orders.next());
    }

    @Test
    void withoutExactlyOnceEveryInputCompleteEndsTheWorker() {
        ManagerOrders plain = new ManagerOrders("w-1", null,
                () -> List.of(new ControlMessage(Type.INPUT_COMPLETE, ControlMessage.ALL)));
        assertEquals(ManagerOrders.Order.FINISH, plain.next());
    }

    @Test
    void aStopIsItsOwnOrderAndAnEndOfTheInputWinsOverIt() {
        ManagerOrders stopped = new ManagerOrders("w-1", null,
                () -> List.of(new ControlMessage(Type.STOP, "w-1")));
        assertEquals(ManagerOrders.Order.STOP, stopped.next(), "a keyed worker obeys it only at its window end");
        ManagerOrders both = new ManagerOrders("w-1", null,
                () -> List.of(new ControlMessage(Type.INPUT_COMPLETE, ControlMessage.ALL),
                        new ControlMessage(Type.STOP, "w-1")));
        assertEquals(ManagerOrders.Order.FINISH, both.next());
    }

    @Test
    void aStopForAKeyedResizeNamesTheEpochItsLastWindowGoesInto() {
        assertEquals(0, orders.stopEpoch(), "no stop yet");
        polls.add(List.of(ControlMessage.stopAtWindowEnd("w-2", 9)));
        assertEquals(ManagerOrders.Order.NONE, orders.next(), "another worker's");
        assertEquals(0, orders.stopEpoch());
        polls.add(List.of(ControlMessage.stopAtWindowEnd("w-1", 7)));
        assertEquals(ManagerOrders.Order.STOP, orders.next());
        assertEquals(7, orders.stopEpoch());
        // a roll-back after it (another slot was lost) wins: the worker drops its window instead
        polls.add(List.of(new ControlMessage(Type.ROLL_BACK, "w-1")));
        assertEquals(ManagerOrders.Order.ROLL_BACK, orders.next());
    }
}
