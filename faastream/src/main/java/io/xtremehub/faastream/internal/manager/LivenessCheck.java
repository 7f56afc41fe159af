package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.internal.wire.Telemetry;
import java.time.Duration;
import java.util.List;

/**
 * Finds the workers that exited or went silent (no report within the heartbeat timeout, or no first
 * report within the startup timeout) and hands each to {@link LostWorkers}.
 */
final class LivenessCheck {
    private final Duration heartbeatTimeout;
    private final Duration startupTimeout;
    private final WorkerReports reports;
    private final LostWorkers lostWorkers;
    private final JobFailure failure;

    LivenessCheck(Duration heartbeatTimeout, Duration startupTimeout, WorkerReports reports, LostWorkers lostWorkers,
                  JobFailure failure) {
        this.heartbeatTimeout = heartbeatTimeout;
        this.startupTimeout = startupTimeout;
        this.reports = reports;
        this.lostWorkers = lostWorkers;
        this.failure = failure;
    }

    void check(List<StageState> stages) {
        long now = System.currentTimeMillis();
        for (StageState st : stages) {
            for (SlotState slot : st.slots.values()) {
                if (slot.finished || st.rollBack != null && st.rollBack.stopped(slot)) {
                    continue; // a lost slot waits for the roll-back to give it a new worker, a removed one for its end
                }
                boolean exited = !slot.handle.alive();
                Duration limit = slot.heard ? heartbeatTimeout : startupTimeout;
                boolean silent = now - slot.lastSeen > limit.toMillis();
                if (!exited && !silent) {
                    continue;
                }
                if (exited && slot.stopping && !KeyedStageResize.startsTogether(st)) {
                    // a worker told to stop may exit before its DONE report is read (a keyed one says DONE
                    // before it exits, so one that exited without is lost, and its stage's resize waits for it)
                    continue;
                }
                if (exited) {
                    // give its last report a moment to arrive before calling it dead
                    for (Telemetry t : st.telemetry.poll()) {
                        reports.onTelemetry(st, t);
                    }
                    if (slot.finished || failure.isSet()) {
                        continue;
                    }
                }
                lostWorkers.lost(st, slot, exited ? "exited unexpectedly" : (slot.heard ? "sent no heartbeat for "
                        : "sent no first report within ") + limit.toSeconds() + " s");
                if (failure.isSet()) {
                    return;
                }
            }
        }
    }
}
