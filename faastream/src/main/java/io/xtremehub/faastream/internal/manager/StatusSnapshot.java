package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.JobState;
import io.xtremehub.faastream.JobStatus;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.StageMetrics;
import java.util.ArrayList;
import java.util.List;

/**
 * A job's status from the manager's records: per stage, the counters of retired workers plus the last
 * report of each live one; batch progress from the first stage's bytes read and the stages done.
 */
final class StatusSnapshot {
    private StatusSnapshot() {
    }

    static JobStatus of(String jobId, JobState state, Mode mode, List<StageState> stages, String failure) {
        List<StageMetrics> metrics = new ArrayList<>();
        double progress = 0;
        for (StageState st : stages) {
            long in = st.retiredIn;
            long out = st.retiredOut;
            long nanos = st.retiredNanos;
            long dl = st.retiredDeadLettered;
            long queue = 0;
            long read = 0;
            long total = 0;
            int workers = 0;
            for (SlotState s : st.slots.values()) {
                if (!s.finished) {
                    workers++;
                    if (s.last != null) {
                        in += s.last.eventsIn();
                        out += s.last.eventsOut();
                        nanos += s.last.processingNanos();
                        dl += s.last.deadLettered();
                        queue += s.last.queueSize();
                    }
                }
                if (s.last != null) {
                    read += s.finished ? s.last.bytesTotal() : s.last.bytesRead();
                    total += s.last.bytesTotal();
                }
            }
            metrics.add(new StageMetrics(st.index, st.spec.name(), workers, st.partitions, in, out, queue,
                    in == 0 ? 0 : nanos / 1000.0 / in, st.lagBytes, dl, st.done,
                    st.transactions != null ? st.transactions.commits()
                            : st.attempts != null ? st.attempts.commits() : 0,
                    st.transactions != null ? st.transactions.abortedEpochs()
                            : st.attempts != null ? st.attempts.abortedAttempts() : 0,
                    // a stage over splits redoes a lost slot's attempt instead of rolling back
                    st.transactions != null ? st.transactions.rollBacks() : 0));
            if (st.done) {
                progress += 1;
            } else if (st.index == 0 && total > 0) {
                progress += (double) read / total * 0.99;
            }
        }
        double p = mode == Mode.BATCH ? (stages.isEmpty() ? 0 : progress / stages.size()) : -1;
        return new JobStatus(jobId, state, mode, p, metrics, state == JobState.FAILED ? failure : null);
    }
}
