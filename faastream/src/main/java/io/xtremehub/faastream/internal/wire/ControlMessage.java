package io.xtremehub.faastream.internal.wire;

/**
 * Manager to workers, through the stage's control stream.
 *
 * @param type   what to do
 * @param target a worker id, or "*" for every worker of the stage
 */
public record ControlMessage(Type type, String target) {
    /** Commands. */
    public enum Type {
        /** Every reader of the stage is registered: start reading (keeps keyed segments stable). */
        GO,
        /** The stage's input is fully read: finish (reducers emit), flush, report DONE and exit. */
        INPUT_COMPLETE,
        /** Stop reading, process what is queued, flush, release the input and exit (scale-down). */
        STOP,
        /** The job ends (cancelled or failed): exit now. */
        CANCEL
    }

    public static final String ALL = "*";

    public boolean isFor(String workerId) {
        return ALL.equals(target) || workerId.equals(target);
    }
}
