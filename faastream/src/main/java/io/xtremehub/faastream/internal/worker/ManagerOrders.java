package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.internal.wire.ControlMessage;
import java.util.List;
import java.util.function.Supplier;

/**
 * What the manager asks of a running worker, read from the control messages polled since the last
 * look. Of several orders the strongest wins, whatever their order: a cancel, then a roll-back, then
 * an end of the input (INPUT_COMPLETE of the worker's generation), then a STOP (a scale-down, or the
 * restart of a keyed stage, which a keyed worker obeys at its next window end). A roll-back voids an end
 * under way: a worker told to roll back while it finishes must drop its results (the manager aborts
 * them) and report ROLLED_BACK, which the manager waits for, not DONE.
 */
final class ManagerOrders {
    /** From weakest to strongest. */
    enum Order { NONE, STOP, FINISH, ROLL_BACK, CANCEL }

    private final String workerId;
    /** The worker's exactly-once generation, or null when the job is not exactly-once. */
    private final Long generation;
    private final Supplier<List<ControlMessage>> polled;
    /** The epoch named by the last STOP for this worker (an exactly-once keyed stage's resize), else 0. */
    private long stopEpoch;

    ManagerOrders(String workerId, Long generation, Supplier<List<ControlMessage>> polled) {
        this.workerId = workerId;
        this.generation = generation;
        this.polled = polled;
    }

    /** The strongest order for this worker among the messages polled since the last call. */
    Order next() {
        Order strongest = Order.NONE;
        for (ControlMessage m : polled.get()) {
            Order o = orderOf(m);
            if (o.compareTo(strongest) > 0) {
                strongest = o;
            }
        }
        return strongest;
    }

    /**
     * After a STOP: the exactly-once epoch the worker's last window and state go into (its keyed stage is
     * resized), or 0 when the STOP named none.
     */
    long stopEpoch() {
        return stopEpoch;
    }

    private Order orderOf(ControlMessage m) {
        if (!m.isFor(workerId)) {
            return Order.NONE;
        }
        return switch (m.type()) {
            // an earlier generation's end, replayed after a roll-back, is not this worker's
            case INPUT_COMPLETE -> m.endsGeneration(generation) ? Order.FINISH : Order.NONE;
            case STOP -> {
                stopEpoch = Math.max(stopEpoch, m.lastEpoch());
                yield Order.STOP;
            }
            case ROLL_BACK -> Order.ROLL_BACK;
            case CANCEL -> Order.CANCEL;
            default -> Order.NONE;
        };
    }
}
