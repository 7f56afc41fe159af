package io.xtremehub.omb.runner;

/**
 * OMB's backlog build-up and drain: consumers are held until the unread data reaches the requested
 * size, then released, and the phase ends once the backlog is down by {@code backlogDrainRatio}.
 */
final class BacklogPhase {
    enum State { BUILDING, DRAINING, DONE }

    private final long requestedBytes;
    private final double drainRatio;
    private final ConsumerGate gate;
    private State state;

    BacklogPhase(long requestedBytes, double drainRatio, ConsumerGate gate) {
        this.requestedBytes = requestedBytes;
        this.drainRatio = drainRatio;
        this.gate = gate;
        this.state = requestedBytes > 0 ? State.BUILDING : State.DONE;
        if (state == State.BUILDING) {
            gate.pause();
        }
    }

    /** Moves the phase on given the current backlog; returns the state after the step. */
    State step(long backlogBytes) {
        if (state == State.BUILDING && backlogBytes >= requestedBytes) {
            gate.resume();
            state = State.DRAINING;
        }
        if (state == State.DRAINING && backlogBytes <= Math.round(requestedBytes * (1 - drainRatio))) {
            state = State.DONE;
        }
        return state;
    }

    State state() {
        return state;
    }

    boolean consumersPaused() {
        return state == State.BUILDING;
    }

    /** Releases consumers whatever the state, so a stopped run drains. */
    void release() {
        gate.resume();
    }
}
