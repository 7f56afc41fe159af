package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.internal.wire.Channel;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.Telemetry;
import java.util.function.Supplier;

/**
 * A worker that survived a failure of its stage, between the roll-back and its restart in place: it
 * has let go of its reader, transaction writers and state, says so (ROLLED_BACK, repeated as its
 * heartbeat) and waits for the manager's RESTART, which comes once the reader group is reset and the
 * epoch's transactions are aborted. A CANCEL ends the wait, and so does a manager silent for
 * {@link #LIMIT_MILLIS}: it may be gone, and one that resumes the job launches every slot anew.
 */
final class RestartWait {
    /** Longest wait for the RESTART; the manager sends it once the slowest survivor has reported. */
    static final long LIMIT_MILLIS = 60_000;
    private static final long HEARTBEAT_MILLIS = 1_000;
    private static final long POLL_MILLIS = 20;

    /** Where the slot goes on: as worker {@code workerId} of {@code generation}, from {@code restoreEpoch}. */
    record Restart(String workerId, long generation, long restoreEpoch) {
    }

    private final String workerId;
    private final Channel<ControlMessage> control;
    private final Channel<Telemetry> telemetry;

    RestartWait(String workerId, Channel<ControlMessage> control, Channel<Telemetry> telemetry) {
        this.workerId = workerId;
        this.control = control;
        this.telemetry = telemetry;
    }

    /**
     * @param report the ROLLED_BACK report (with this worker's counters) to send now and as heartbeat
     * @return the restart, or null when cancelled or left waiting too long
     */
    Restart await(Supplier<Telemetry> report) throws InterruptedException {
        long start = System.currentTimeMillis();
        long lastReport = 0;
        while (System.currentTimeMillis() - start < LIMIT_MILLIS) {
            if (System.currentTimeMillis() - lastReport >= HEARTBEAT_MILLIS) {
                lastReport = System.currentTimeMillis();
                telemetry.append(report.get());
            }
            for (ControlMessage m : control.poll()) {
                if (!m.isFor(workerId)) {
                    continue;
                }
                if (m.type() == ControlMessage.Type.CANCEL) {
                    return null;
                }
                if (m.type() == ControlMessage.Type.RESTART) {
                    return new Restart(m.worker(), m.generation(), m.restoreEpoch());
                }
            }
            Thread.sleep(POLL_MILLIS);
        }
        return null;
    }
}
