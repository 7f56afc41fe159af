package io.xtremehub.flink.sink;

/** What a {@link PravegaSink} promises about each record it is given. */
public enum DeliveryGuarantee {
    /** Every record is written at least once: writes are flushed before each checkpoint completes. */
    AT_LEAST_ONCE,
    /**
     * Every record is visible exactly once: each subtask writes into one Pravega transaction per
     * checkpoint, committed only after the checkpoint completed.
     */
    EXACTLY_ONCE
}
