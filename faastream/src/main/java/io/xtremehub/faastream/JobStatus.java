package io.xtremehub.faastream;

import java.util.List;

/**
 * A snapshot of a job.
 *
 * @param jobId    the job's id
 * @param state    life-cycle state
 * @param mode     STREAM or BATCH
 * @param progress for a batch, the fraction done in [0, 1]; -1 for a stream
 * @param stages   per-stage metrics
 * @param error    the failure, when FAILED
 */
public record JobStatus(String jobId, JobState state, Mode mode, double progress, List<StageMetrics> stages,
                        String error) {
}
