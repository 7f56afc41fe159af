package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.ScalingPolicy;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.JobNames;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies the scaling policy to a streaming job's unkeyed stages: starts workers in new slots or asks
 * the last ones to stop, and rescales a stage's input stream to the policy's segment count.
 */
final class StageScaler {
    private static final Logger LOG = LoggerFactory.getLogger(StageScaler.class);
    private final ScalingPolicy policy;
    private final WorkerLauncher launcher;
    private final JobResources resources;
    private final JobNames names;

    StageScaler(ScalingPolicy policy, WorkerLauncher launcher, JobResources resources, JobNames names) {
        this.policy = policy;
        this.launcher = launcher;
        this.resources = resources;
        this.names = names;
    }

    /** One scaling decision per stage; exactly-once jobs are not scaled (the manager refuses such policies). */
    void scale(List<StageState> stages) {
        for (StageState st : stages) {
            if (st.spec.keyed() || st.done || st.inputComplete || st.endsExpected != null
                    || (st.index == 0 && st.readerGroup == null)) {
                continue;
            }
            if (st.index > 0 && stages.get(st.index - 1).done) {
                continue;
            }
            int want = Math.max(1, policy.getWorkers(st.index));
            long active = st.activeCount();
            if (want > active) {
                for (long k = active; k < want; k++) {
                    launcher.launch(st, launcher.addSlot(st, null, false));
                }
                LOG.info("{}: scaled workers {} -> {}", st.label, active, want);
            } else if (want < active) {
                List<SlotState> live = st.slots.values().stream().filter(s -> s.active() && !s.stopping).toList();
                for (int k = live.size() - 1; k >= want; k--) {
                    SlotState s = live.get(k);
                    s.stopping = true;
                    st.control.append(new ControlMessage(ControlMessage.Type.STOP, s.workerId));
                }
                LOG.info("{}: scaled workers {} -> {}", st.label, active, want);
            }
            if (st.index > 0) {
                int parts = Math.max(1, policy.getPartitions(st.index));
                if (parts != st.partitions) {
                    try {
                        resources.scaleStream(names.dataStream(st.index), parts);
                        LOG.info("{}: scaled input segments {} -> {}", st.label, st.partitions, parts);
                        st.partitions = parts;
                    } catch (RuntimeException e) {
                        LOG.warn("{}: could not scale input to {} segments: {}", st.label, parts, e.getMessage());
                    }
                }
            }
        }
    }
}
