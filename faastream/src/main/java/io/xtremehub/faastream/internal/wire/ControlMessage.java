package io.xtremehub.faastream.internal.wire;

/**
 * Manager to workers, through the stage's control stream.
 *
 * @param type        what to do
 * @param target      a worker id, or "*" for every worker of the stage
 * @param generation  USE_TRANSACTION, RESTART, and INPUT_COMPLETE of an exactly-once stage: the stage's
 *                    recovery generation it is meant for
 * @param transaction USE_TRANSACTION, EMIT_HELD: the id of the Pravega transaction to write into
 * @param worker      RESTART: the worker id the target goes on as
 * @param restoreEpoch RESTART: the committed epoch whose saved state the target restores, or 0 for none
 * @param lastEpoch   STOP of an exactly-once keyed worker (its stage is resized): the epoch its last window
 *                    goes into and whose state it saves before it lets go of its reader; EMIT_HELD: the epoch
 *                    its restored window goes into; 0 otherwise
 */
public record ControlMessage(Type type, String target, long generation, String transaction, String worker,
                             long restoreEpoch, long lastEpoch) {
    /** Commands. */
    public enum Type {
        /** Every reader of the stage is registered: start reading (keeps keyed segments stable). */
        GO,
        /** The stage's input is fully read: finish (reducers emit), flush, report DONE and exit. */
        INPUT_COMPLETE,
        /**
         * Stop reading, process what is queued, flush, release the input and exit (scale-down). A keyed
         * worker obeys at its next window end; an exactly-once one then saves its state for
         * {@code lastEpoch}, closes its reader where it got to, reports ROLLED_BACK with that epoch and
         * waits for its RESTART like a survivor of a roll-back.
         */
        STOP,
        /** The job ends (cancelled or failed): exit now. */
        CANCEL,
        /**
         * Exactly-once: the workers of {@code generation} are all ready (or, sent to one worker, that
         * hand-off successor is); write results into {@code transaction} and start reading (replaces GO).
         */
        USE_TRANSACTION,
        /**
         * Exactly-once: the stage rolls back to its last committed epoch and the target survived the
         * failure. It stops reading and writing, drops everything since that epoch (queued events,
         * state, open windows), lets go of its reader without recording a position, reports
         * ROLLED_BACK and waits for its RESTART, in the same process.
         */
        ROLL_BACK,
        /**
         * Exactly-once, after a ROLL_BACK the target reported: the stage's reader group is reset and its
         * open transactions aborted; the target starts again in place as worker {@code worker} of
         * {@code generation}, restoring the state of {@code restoreEpoch}.
         */
        RESTART,
        /**
         * Exactly-once reduce with {@code KeyedState}, restarted from a commit: every worker of
         * {@code generation} is ready; before any of them reads, each emits the open window it restored into
         * {@code transaction}, saves its state for epoch {@code lastEpoch} and reports it CHECKPOINTED. The
         * manager commits that epoch, then starts the stage with USE_TRANSACTION; each worker first reloads
         * the keyed values of that commit. A key's restored events and its next ones then never meet in
         * one epoch on two workers (the reader group hands segments out anew at every restart).
         */
        EMIT_HELD
    }

    public static final String ALL = "*";

    public ControlMessage(Type type, String target) {
        this(type, target, 0, null, null, 0, 0);
    }

    public static ControlMessage useTransaction(long generation, String transaction) {
        return new ControlMessage(Type.USE_TRANSACTION, ALL, generation, transaction, null, 0, 0);
    }

    /**
     * Exactly-once: starts the one worker {@code target} (a Lambda hand-off's successor, whose reader has
     * joined) with the transaction its stage writes into now.
     */
    public static ControlMessage useTransaction(String target, long generation, String transaction) {
        return new ControlMessage(Type.USE_TRANSACTION, target, generation, transaction, null, 0, 0);
    }

    /** See {@link Type#EMIT_HELD}. */
    public static ControlMessage emitHeld(long generation, String transaction, long epoch) {
        return new ControlMessage(Type.EMIT_HELD, ALL, generation, transaction, null, 0, epoch);
    }

    /** Tells worker {@code target}, rolled back, to go on as {@code worker} (see {@link Type#RESTART}). */
    public static ControlMessage restart(String target, String worker, long generation, long restoreEpoch) {
        return new ControlMessage(Type.RESTART, target, generation, null, worker, restoreEpoch, 0);
    }

    /**
     * Exactly-once: tells keyed worker {@code target} to stop at its next window end, with that window and
     * its state in epoch {@code lastEpoch}, for a resize of its stage (see {@link Type#STOP}).
     */
    public static ControlMessage stopAtWindowEnd(String target, long lastEpoch) {
        return new ControlMessage(Type.STOP, target, 0, null, null, 0, lastEpoch);
    }

    /**
     * Exactly-once batch: the input of {@code generation}'s workers is complete. A worker of a later
     * generation (after a roll-back) replays it from the channel and must not take it as its own end.
     */
    public static ControlMessage inputComplete(long generation) {
        return new ControlMessage(Type.INPUT_COMPLETE, ALL, generation, null, null, 0, 0);
    }

    /** Whether an INPUT_COMPLETE concerns a worker of {@code generation} (null: not exactly-once). */
    public boolean endsGeneration(Long generation) {
        return generation == null || this.generation == generation;
    }

    public boolean isFor(String workerId) {
        return ALL.equals(target) || workerId.equals(target);
    }
}
