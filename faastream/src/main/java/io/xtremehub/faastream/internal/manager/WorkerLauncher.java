package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.internal.graph.JobSpec;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.RuntimeSettings;
import io.xtremehub.faastream.internal.wire.SourceSplit;
import io.xtremehub.faastream.internal.wire.WorkerLaunch;
import io.xtremehub.faastream.platform.WorkerPlatform;
import io.xtremehub.faastream.platform.WorkerRequest;
import java.util.List;

/**
 * Starts a stage's worker in a slot on the job's platform: a new incarnation with its own worker id,
 * told where to resume (exactly-once: the stage's generation and last committed epoch); or, after an
 * exactly-once roll-back, tells the slot's surviving worker to go on in place as that incarnation.
 */
final class WorkerLauncher {
    private final String jobId;
    private final PravegaContext ctx;
    private final ObjectStoreConfig storeConfig;
    private final JobSpec spec;
    private final RuntimeSettings settings;
    private final WorkerPlatform platform;

    WorkerLauncher(String jobId, PravegaContext ctx, ObjectStoreConfig storeConfig, JobSpec spec,
                   RuntimeSettings settings, WorkerPlatform platform) {
        this.jobId = jobId;
        this.ctx = ctx;
        this.storeConfig = storeConfig;
        this.spec = spec;
        this.settings = settings;
        this.platform = platform;
    }

    String platformName() {
        return platform.name();
    }

    /** Whether workers of a manager that died still run, for a resuming manager to adopt ({@link JobResumer}). */
    boolean workersOutliveManager() {
        return platform.workersOutliveManager();
    }

    /** Makes {@code workerId}, a running worker of a manager that is gone, the slot's current worker. */
    void adopt(SlotState slot, String workerId) {
        slot.workerId = workerId;
        slot.handle = new AdoptedWorker(workerId);
        slot.ready = false;
        slot.reading = false;
        slot.heard = false;
        slot.last = null;
        slot.lastSeen = System.currentTimeMillis();
    }

    SlotState addSlot(StageState st, List<SourceSplit> splits, boolean initial) {
        SlotState slot = new SlotState(slotName(st.index, st.nextSlot++), splits, initial);
        st.slots.put(slot.slot, slot);
        return slot;
    }

    /** The name of a stage's {@code k}-th slot. */
    static String slotName(int stage, int k) {
        return "s" + stage + "w" + k;
    }

    /** The {@code k} of a slot named by {@link #slotName}. */
    static int slotNumber(String slot) {
        return Integer.parseInt(slot.substring(slot.lastIndexOf('w') + 1));
    }

    /**
     * Tells the platform that {@code launches} launches of the stage's workers will follow soon (it may
     * start them ahead, getting ready on a request like the current one of the stage's first slot; only
     * its job's connection settings matter, so a slot not launched yet does as well).
     */
    void expectLaunches(StageState st, int launches) {
        if (launches > 0 && !st.slots.isEmpty()) {
            platform.expectLaunches(request(st, st.slots.values().iterator().next()), launches);
        }
    }

    void launch(StageState st, SlotState slot) {
        nextIncarnation(slot);
        slot.handle = platform.launch(request(st, slot));
    }

    /** The request that starts the slot's current incarnation. */
    private WorkerRequest request(StageState st, SlotState slot) {
        WorkerLaunch.ExactlyOnceStart start = st.transactions != null
                ? new WorkerLaunch.ExactlyOnceStart(st.transactions.generation(), st.transactions.committedEpoch(), null)
                : st.attempts != null ? new WorkerLaunch.ExactlyOnceStart(0, 0, st.attempts.begin(slot.slot)) : null;
        WorkerLaunch l = new WorkerLaunch(jobId, ctx.scope(), ctx.controllerUri().toString(), storeConfig, spec,
                st.index, slot.slot, slot.workerId, settings, slot.splits, start == null && slot.incarnation > 0, start);
        return new WorkerRequest(slot.workerId, jobId, st.index, l.encode());
    }

    /**
     * Exactly-once, after a roll-back: the slot's worker, which survived it and reported ROLLED_BACK,
     * goes on in its own process as the slot's next incarnation (no new process to start).
     */
    void restartInPlace(StageState st, SlotState slot) {
        String previous = slot.workerId;
        nextIncarnation(slot);
        st.control.append(ControlMessage.restart(previous, slot.workerId, st.transactions.generation(),
                st.transactions.committedEpoch()));
    }

    private void nextIncarnation(SlotState slot) {
        slot.workerId = jobId + "-" + slot.slot + "-" + slot.incarnation;
        slot.ready = false;
        slot.reading = false;
        slot.heard = false;
        slot.last = null;
        slot.lastSeen = System.currentTimeMillis();
    }
}
