package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.wire.JobNames;

/**
 * What becomes of a slot's {@code @State} when an exactly-once stage is resized at a committed
 * epoch (the one place these rules live):
 * <ul>
 *   <li>a slot that a scale-down removes keeps its committed state: it is <em>parked</em> (copied
 *       out of the epoch's state, which a later commit deletes) and nothing runs it;</li>
 *   <li>a scale-up adds the lowest free slot names; a slot that was parked gets its state back,
 *       exactly as committed when it was removed;</li>
 *   <li>a slot never seen before starts from the function's initial {@code @State} (an empty state
 *       object, so every slot of the stage has state at every committed epoch and a roll-back or a
 *       resumed manager restores any slot alike).</li>
 * </ul>
 * State is per slot and user functions cannot be asked to merge two states, so a removed slot's
 * state is not handed to a surviving slot. Its read positions need no parking: the reader group
 * restarts from the committed checkpoint, which holds every segment's position, and the surviving
 * workers read the removed slot's segments from there. A stage that groups by key is resized at an
 * epoch in which every worker emitted its window ({@link StageRollBacks#beginKeyedResize}), so no open
 * window is ever parked: a slot that starts or comes back gets an empty one. Its {@code @State} follows
 * the rules above, per slot: after a resize a key's events may go to another slot than before.
 */
final class SlotStateParking {
    private final ObjectStore store;
    private final String bucket;
    private final JobNames names;

    SlotStateParking(ObjectStore store, String bucket, JobNames names) {
        this.store = store;
        this.bucket = bucket;
        this.names = names;
    }

    /** Keeps the state {@code slot} committed at {@code epoch}, if it saved any. */
    void park(int stage, String slot, long epoch) {
        String committed = names.epochStateKey(stage, epoch, slot);
        if (store.size(bucket, committed) >= 0) {
            store.copy(bucket, committed, bucket, names.parkedStateKey(stage, slot));
        }
    }

    /**
     * Gives {@code slot}, about to run again or for the first time, its state at {@code epoch}: the
     * parked state when it had some, else the initial state; and when the stage is {@code keyed}, an empty
     * open window.
     */
    void unpark(int stage, String slot, long epoch, boolean keyed) {
        if (keyed) {
            store.put(bucket, names.epochWindowKey(stage, epoch, slot), new byte[0]);
        }
        String parked = names.parkedStateKey(stage, slot);
        String target = names.epochStateKey(stage, epoch, slot);
        if (store.size(bucket, parked) >= 0) {
            // the parked copy stays until the slot is parked again: a manager that dies before it
            // records the new slot count resumes with fewer slots, and this slot's state is still here
            store.copy(bucket, parked, bucket, target);
        } else {
            store.put(bucket, target, new byte[0]);
        }
    }
}
