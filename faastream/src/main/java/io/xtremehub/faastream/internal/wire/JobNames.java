package io.xtremehub.faastream.internal.wire;

import java.io.Serializable;

/** Names of the Pravega streams, reader groups and objects one job uses; all derive from its id. */
public record JobNames(String jobId) implements Serializable {
    /** The intermediate stream stage {@code stage} reads (stage >= 1). */
    public String dataStream(int stage) {
        return "fs-" + jobId + "-s" + stage;
    }

    public String readerGroup(int stage) {
        return "fs-" + jobId + "-rg" + stage;
    }

    /** Manager to workers: one control channel per stage. */
    public String controlStream(int stage) {
        return "fs-" + jobId + "-ctl" + stage;
    }

    /** Workers to manager: one telemetry channel per stage. */
    public String telemetryStream(int stage) {
        return "fs-" + jobId + "-tel" + stage;
    }

    /** The single-segment stream holding the job's durable record (exactly-once jobs). */
    public String recordStream() {
        return "fs-" + jobId + "-job";
    }

    /** Object-key prefix for this job's large events and saved state in the spill bucket. */
    public String spillPrefix() {
        return "jobs/" + jobId + "/";
    }

    public String stateKey(String workerSlot) {
        return spillPrefix() + "state/" + workerSlot;
    }

    /** Exactly-once: where the state of every worker of a stage is saved at one checkpoint epoch. */
    public String epochStatePrefix(int stage, long epoch) {
        return spillPrefix() + "eo-state/s" + stage + "/e" + epoch + "/";
    }

    public String epochStateKey(int stage, long epoch, String workerSlot) {
        return epochStatePrefix(stage, epoch) + workerSlot;
    }

    /**
     * Exactly-once: where the objects written for one epoch (named by its transaction) wait until the
     * epoch is committed or aborted: sink parts, dead letters and parked large events.
     */
    public String epochStagingPrefix(java.util.UUID epoch) {
        return spillPrefix() + "epochs/" + epoch + "/";
    }

    /** Exactly-once: a stage's {@code KeyedState} as committed at one epoch (the manager writes it at the commit). */
    public String keyedStateKey(int stage, long epoch) {
        return epochStatePrefix(stage, epoch) + "keyed";
    }

    /** Exactly-once: the {@code KeyedState} values a worker of a stage changed in one epoch. */
    public String keyedDeltaKey(int stage, long epoch, String workerSlot) {
        return epochStatePrefix(stage, epoch) + "keyed-delta-" + workerSlot;
    }

    /** Exactly-once: the events a keyed stage's worker held for its open window at one checkpoint epoch. */
    public String epochWindowKey(int stage, long epoch, String workerSlot) {
        return epochStatePrefix(stage, epoch) + "window-" + workerSlot;
    }

    /**
     * Exactly-once: the committed {@code @State} of a slot that a scale-down removed, kept until a
     * scale-up adds that slot again (see the manager's {@code SlotStateParking}).
     */
    public String parkedStateKey(int stage, String workerSlot) {
        return spillPrefix() + "eo-parked/s" + stage + "/" + workerSlot;
    }
}
