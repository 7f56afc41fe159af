package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.internal.wire.ControlMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * What a reader-group worker makes of the control messages it polls before it starts reading: its
 * start signal (GO, or in an exactly-once job the USE_TRANSACTION of its generation), a cancel or a
 * stop. A restarted worker replays the whole control history, so an INPUT_COMPLETE sent before it
 * started may come before or after its start signal; it is kept for the processing loop, or the
 * worker would wait for input that never comes.
 */
final class StartGate {
    enum Decision { WAIT, START, CANCELLED, STOPPED, ROLLED_BACK, EMIT_HELD }

    private final String workerId;
    /** The exactly-once generation this worker belongs to, or null when the job is not exactly-once. */
    private final Long generation;
    /** A Lambda hand-off's successor: only a USE_TRANSACTION sent to it by name starts it. */
    private final boolean successor;
    private final List<ControlMessage> forProcessing = new ArrayList<>();
    /** Messages polled after an EMIT_HELD, looked at by the next offer. */
    private final List<ControlMessage> later = new ArrayList<>();
    private ControlMessage start;
    private ControlMessage emitHeld;

    StartGate(String workerId, Long generation) {
        this(workerId, generation, false);
    }

    StartGate(String workerId, Long generation, boolean successor) {
        this.workerId = workerId;
        this.generation = generation;
        this.successor = successor;
    }

    /** Takes one poll's messages, in order; anything after a decision is kept for the processing loop. */
    Decision offer(List<ControlMessage> newlyPolled) {
        List<ControlMessage> polled = new ArrayList<>(later);
        polled.addAll(newlyPolled);
        later.clear();
        for (int i = 0; i < polled.size(); i++) {
            ControlMessage m = polled.get(i);
            if (!m.isFor(workerId)) {
                continue;
            }
            switch (m.type()) {
                case GO, USE_TRANSACTION -> {
                    if (startsThisWorker(m)) {
                        start = m;
                        forProcessing.addAll(polled.subList(i + 1, polled.size()));
                        return Decision.START;
                    }
                }
                case INPUT_COMPLETE -> {
                    if (m.endsGeneration(generation)) {
                        forProcessing.add(m);
                    }
                }
                case CANCEL -> {
                    return Decision.CANCELLED;
                }
                case STOP -> {
                    return Decision.STOPPED;
                }
                case ROLL_BACK -> {
                    // a roll-back while this worker waits for the others (another slot was lost)
                    return Decision.ROLLED_BACK;
                }
                case EMIT_HELD -> {
                    if (generation != null && !successor && m.generation() == generation) {
                        emitHeld = m;
                        later.addAll(polled.subList(i + 1, polled.size()));
                        return Decision.EMIT_HELD;
                    }
                }
                default -> {
                }
            }
        }
        return Decision.WAIT;
    }

    private boolean startsThisWorker(ControlMessage m) {
        return generation == null ? m.type() == ControlMessage.Type.GO
                : m.type() == ControlMessage.Type.USE_TRANSACTION && m.generation() == generation
                        && (!successor || workerId.equals(m.target()));
    }

    /** The message that started the worker (its transaction, exactly-once), once {@link Decision#START}. */
    ControlMessage start() {
        return start;
    }

    /** The EMIT_HELD order, once {@link Decision#EMIT_HELD}. */
    ControlMessage emitHeld() {
        return emitHeld;
    }

    /** Messages the processing loop must still act on. */
    List<ControlMessage> forProcessing() {
        return forProcessing;
    }
}
