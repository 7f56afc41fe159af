package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.internal.wire.WorkerLaunch;

/**
 * Where a slot's {@code @State} fields are saved in the object store, and restored from: at a
 * hand-off (the next incarnation goes on with them) and, exactly-once, at every epoch checkpoint
 * (a restarted worker restores the last committed epoch's).
 */
final class SlotStateStore {
    private final ObjectStore store;
    private final WorkerLaunch launch;
    private final JobNames names;
    private final String who;

    SlotStateStore(ObjectStore store, WorkerLaunch launch, String who) {
        this.store = store;
        this.launch = launch;
        this.names = launch.names();
        this.who = who;
    }

    /** Restores what this incarnation starts from, if the function has state and anything was saved. */
    void restore(StageProcessor processor) throws Exception {
        if (!StateFields.hasState(processor.function())) {
            return;
        }
        WorkerLaunch.ExactlyOnceStart exactlyOnce = launch.exactlyOnce();
        if (exactlyOnce != null) {
            long epoch = exactlyOnce.restoreEpoch();
            if (epoch == 0) {
                return;
            }
            String key = names.epochStateKey(launch.stage(), epoch, launch.slot());
            if (store.size(bucket(), key) < 0) {
                throw new WorkerRuntime.WorkerFailure(who + " cannot recover: the state of committed epoch " + epoch
                        + " is missing at " + key);
            }
            StateFields.restore(processor.function(), store.get(bucket(), key));
            return;
        }
        if (launch.restoreState()) {
            String key = names.stateKey(launch.slot());
            if (store.size(bucket(), key) >= 0) {
                StateFields.restore(processor.function(), store.get(bucket(), key));
            }
        }
    }

    /** Saves the state for the slot's next incarnation (a hand-off). */
    void saveForHandoff(StageProcessor processor) throws Exception {
        if (StateFields.hasState(processor.function())) {
            store.put(bucket(), names.stateKey(launch.slot()), StateFields.save(processor.function()));
        }
    }

    /** Exactly-once: saves the state as of the end of {@code epoch}. */
    void saveForEpoch(StageProcessor processor, long epoch) throws Exception {
        if (StateFields.hasState(processor.function())) {
            store.put(bucket(), names.epochStateKey(launch.stage(), epoch, launch.slot()),
                    StateFields.save(processor.function()));
        }
    }

    private String bucket() {
        return launch.store().spillBucket();
    }
}
