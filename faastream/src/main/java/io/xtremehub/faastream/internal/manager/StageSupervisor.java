package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.internal.wire.Telemetry;
import java.util.List;

/**
 * Follows the workers of a job's stages, wiring together the parts that each do one thing: taking
 * in their reports ({@link WorkerReports}), finding lost ones ({@link LivenessCheck}), deciding what
 * a loss costs ({@link LostWorkers}), rolling exactly-once stages back ({@link StageRollBacks}) and
 * restarting at-least-once keyed ones at a window end ({@link KeyedStageResize}).
 */
final class StageSupervisor {
    private final StageRollBacks rollBacks;
    private final WorkerReports reports;
    private final LivenessCheck liveness;

    StageSupervisor(WorkerLauncher launcher, JobOptions options, JobFailure failure, KeyedStageResize keyedResize) {
        this.rollBacks = new StageRollBacks(launcher, options.heartbeatTimeout(), options.window().toMillis(), failure);
        this.reports = new WorkerReports(options.scalingPolicy(), rollBacks, failure);
        this.liveness = new LivenessCheck(options.heartbeatTimeout(), options.startupTimeout(), reports,
                new LostWorkers(launcher, rollBacks, keyedResize, failure), failure);
    }

    /** The roll-backs of exactly-once stages, which a resize at a commit also goes through. */
    StageRollBacks rollBacks() {
        return rollBacks;
    }

    void onTelemetry(StageState st, Telemetry t) {
        reports.onTelemetry(st, t);
    }

    /** Replaces each worker that exited or went silent. */
    void checkLiveness(List<StageState> stages) {
        liveness.check(stages);
    }

    /** Restarts each stage whose roll-back has every survivor's answer. */
    void finishRollBacks(List<StageState> stages) {
        rollBacks.finish(stages);
    }

    void rollBackStage(StageState st, String reason) {
        rollBacks.rollBackStage(st, reason);
    }
}
