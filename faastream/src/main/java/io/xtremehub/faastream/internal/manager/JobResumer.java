package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.internal.graph.JobSpec;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.jobrecord.JobRecord;
import io.xtremehub.faastream.internal.jobrecord.StageRecord;
import io.xtremehub.faastream.internal.wire.Channel;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.internal.wire.Telemetry;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rebuilds the manager's side of an exactly-once job from its {@link JobRecord} after the manager
 * that ran it is gone (killed, crashed): the stages' channels, reader groups and slots over the
 * streams that still exist; then, per stage, what a roll-back does after a worker failure. The commit
 * the record names is finished. Worker processes outlive a killed manager: on a platform whose workers
 * do, those still in the reader group are adopted as the roll-back's survivors (they let go, the open
 * transactions are aborted, the group goes back to the committed checkpoint, and they restart in place);
 * elsewhere they are told to stop, the stage is reset at once and every slot gets a new worker. Either
 * way the restarted workers restore the committed epoch's state, and their worker ids carry the new
 * generation, so no report of an old worker is taken for theirs.
 */
final class JobResumer {
    private static final Logger LOG = LoggerFactory.getLogger(JobResumer.class);
    private final PravegaContext ctx;
    private final JobNames names;
    private final JobSpec spec;
    private final JobResources resources;
    private final WorkerLauncher launcher;
    private final StageRollBacks rollBacks;

    JobResumer(PravegaContext ctx, JobNames names, JobSpec spec, JobResources resources, WorkerLauncher launcher,
               StageRollBacks rollBacks) {
        this.ctx = ctx;
        this.names = names;
        this.spec = spec;
        this.resources = resources;
        this.launcher = launcher;
        this.rollBacks = rollBacks;
    }

    /**
     * Adds each stage of the recorded job to {@code stages}, rolled back to its last committed epoch
     * and with its slots ready to launch, or, where workers of the previous manager still run, with a
     * roll-back under way in which they are the survivors ({@link StageRollBacks#afterTakeOver}). What is
     * added is also what the caller releases on failure.
     */
    void restore(JobRecord record, List<StageState> stages,
                 Function<StageState, StageTransactionCoordinator> coordinators) {
        if (record.stages().size() != spec.stageCount()) {
            throw new IllegalStateException("job " + record.jobId() + " has " + record.stages().size()
                    + " stages in its record but " + spec.stageCount() + " in its pipeline");
        }
        List<String> streams = new ArrayList<>(List.of(names.recordStream()));
        for (int i = 0; i < spec.stageCount(); i++) {
            streams.add(names.controlStream(i));
            streams.add(names.telemetryStream(i));
            if (i > 0) {
                streams.add(names.dataStream(i));
            }
        }
        resources.adoptStreams(streams);
        for (StageRecord sr : record.stages()) {
            StageState st = new StageState(sr.stage(), spec.stage(sr.stage()), spec.stageLabel(sr.stage()),
                    new Channel<>(ctx.sync(), names.controlStream(sr.stage()), ControlMessage.class),
                    new Channel<>(ctx.sync(), names.telemetryStream(sr.stage()), Telemetry.class));
            stages.add(st);
            st.recovery = new RecoveryTimeline(st.label, "resumed by a new manager");
            st.readerGroup = resources.openReaderGroup(sr.stage());
            // a resize may have rescaled the stream since the record's first version
            st.partitions = sr.stage() > 0 ? resources.segmentCount(names.dataStream(sr.stage())) : 0;
            for (int w = 0; w < sr.workers(); w++) {
                launcher.addSlot(st, null, true);
            }
            st.transactions = coordinators.apply(st);
            // what the old workers reported before now is of no use here, and mid-job it is minutes of reports
            st.telemetry.skipToEnd();
            Map<SlotState, String> running = launcher.workersOutliveManager()
                    ? runningWorkers(st, record.jobId()) : Map.of();
            if (running.isEmpty()) {
                // the new workers' JVMs start while the stage is reset, which takes seconds on a busy machine
                launcher.expectLaunches(st, st.slots.size());
            }
            fenceOldWorkers(st, running.values());
            st.recovery.step("old workers fenced");
            st.transactions.restore(sr.epochs());
            if (running.isEmpty()) {
                st.transactions.rollback();
                st.recovery.step("aborted and reset");
            }
            // an exactly-once slot's incarnation follows its stage's generation, which only grows (the
            // adopted workers' roll-back adds one to both)
            st.slots.values().forEach(slot -> slot.incarnation = (int) st.transactions.generation());
            if (!running.isEmpty()) {
                running.forEach(launcher::adopt);
                rollBacks.afterTakeOver(st, running.keySet());
            }
        }
    }

    /**
     * The stage's workers of the previous manager whose readers are still in the group, by slot: their
     * processes outlived it (a worker's id is its job's, its slot's and its incarnation's).
     */
    private static Map<SlotState, String> runningWorkers(StageState st, String jobId) {
        Map<SlotState, String> running = new LinkedHashMap<>();
        for (String reader : st.readerGroup.getOnlineReaders()) {
            String rest = reader.startsWith(jobId + "-") ? reader.substring(jobId.length() + 1) : "";
            SlotState slot = rest.indexOf('-') > 0 ? st.slots.get(rest.substring(0, rest.indexOf('-'))) : null;
            if (slot != null && !running.containsKey(slot)) {
                running.put(slot, reader);
            }
        }
        return running;
    }

    /**
     * Stops the workers the reader group still counts as online, but {@code adopted}: the old manager's,
     * if still running. Their readers go with the reset of the group that follows (it starts the group's
     * state afresh).
     */
    private void fenceOldWorkers(StageState st, Collection<String> adopted) {
        for (String reader : st.readerGroup.getOnlineReaders()) {
            if (!adopted.contains(reader)) {
                st.tell(new ControlMessage(ControlMessage.Type.CANCEL, reader));
                LOG.info("{}: fenced worker {} of the previous manager", st.label, reader);
            }
        }
    }
}
