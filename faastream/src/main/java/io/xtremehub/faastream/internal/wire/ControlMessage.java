package io.xtremehub.faastream.internal.wire;

/**
 * Manager to workers, through the stage's control stream.
 *
 * @param type        what to do
 * @param target      a worker id, or "*" for every worker of the stage
 * @param generation  USE_TRANSACTION, and INPUT_COMPLETE of an exactly-once stage: the stage's recovery
 *                    generation it is meant for
 * @param transaction USE_TRANSACTION: the id of the Pravega transaction to write into
 */
public record ControlMessage(Type type, String target, long generation, String transaction) {
    /** Commands. */
    public enum Type {
        /** Every reader of the stage is registered: start reading (keeps keyed segments stable). */
        GO,
        /** The stage's input is fully read: finish (reducers emit), flush, report DONE and exit. */
        INPUT_COMPLETE,
        /** Stop reading, process what is queued, flush, release the input and exit (scale-down). */
        STOP,
        /** The job ends (cancelled or failed): exit now. */
        CANCEL,
        /**
         * Exactly-once: the workers of {@code generation} are all ready; write results into
         * {@code transaction} and start reading (replaces GO).
         */
        USE_TRANSACTION
    }

    public static final String ALL = "*";

    public ControlMessage(Type type, String target) {
        this(type, target, 0, null);
    }

    public static ControlMessage useTransaction(long generation, String transaction) {
        return new ControlMessage(Type.USE_TRANSACTION, ALL, generation, transaction);
    }

    /**
     * Exactly-once batch: the input of {@code generation}'s workers is complete. A worker of a later
     * generation (after a roll-back) replays it from the channel and must not take it as its own end.
     */
    public static ControlMessage inputComplete(long generation) {
        return new ControlMessage(Type.INPUT_COMPLETE, ALL, generation, null);
    }

    /** Whether an INPUT_COMPLETE concerns a worker of {@code generation} (null: not exactly-once). */
    public boolean endsGeneration(Long generation) {
        return generation == null || this.generation == generation;
    }

    public boolean isFor(String workerId) {
        return ALL.equals(target) || workerId.equals(target);
    }
}
