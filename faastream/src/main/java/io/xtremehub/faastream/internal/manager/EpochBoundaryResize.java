package io.xtremehub.faastream.internal.manager;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out a scaling decision for a stage of an exactly-once job at an epoch boundary. The
 * decision waits for the stage's next commit; right after it, the stage rolls back to that commit
 * as after a lost worker ({@link StageRollBacks#beginResize}), except that the slots past the new
 * size are stopped for good and new slots are added: the survivors restart in place, new slots get
 * new workers, and all restore the commit's state. A worker's state and the read positions at a
 * commit belong together, so restarting every slot there keeps each event in exactly one committed
 * epoch; the price is the little work done since the commit, in the same few lines of the manager's
 * loop. A stage that groups by key goes forward to the next window end instead, which its workers
 * reach with no open window, and restarts from the epoch that ends there
 * ({@link StageRollBacks#beginKeyedResize}).
 *
 * <p>Slots keep the names {@code s<stage>w0} to {@code w<n-1>}: a scale-down removes the last ones,
 * a scale-up adds the lowest free names, and {@link SlotStateParking} says what their {@code @State}
 * becomes.
 */
final class EpochBoundaryResize {
    private static final Logger LOG = LoggerFactory.getLogger(EpochBoundaryResize.class);
    private final StageRollBacks rollBacks;
    private final WorkerLauncher launcher;
    private final SlotStateParking parking;
    private final JobJournal journal;
    /** Stage index to the number of workers it should run after its next commit. */
    private final Map<Integer, Integer> requested = new HashMap<>();
    /** Slots a scale-down removed, by name: a scale-up that adds the name again goes on with their numbering. */
    private final Map<String, SlotState> removed = new HashMap<>();
    /** Stage index to its commit count when it was last resized. */
    private final Map<Integer, Long> resizedAt = new HashMap<>();

    EpochBoundaryResize(StageRollBacks rollBacks, WorkerLauncher launcher, SlotStateParking parking,
                        JobJournal journal) {
        this.rollBacks = rollBacks;
        this.launcher = launcher;
        this.parking = parking;
        this.journal = journal;
    }

    /**
     * Whether the stage's workers have settled since its last resize: two commits after it. Until
     * then their queues say little (they start empty and fill from the input read again), and a
     * decision made on them would undo the resize.
     */
    boolean settled(StageState st) {
        Long at = resizedAt.get(st.index);
        return at == null || st.transactions.commits() >= at + 2;
    }

    /** The stage should run {@code workers} workers: done after its next commit (a newer request replaces it). */
    void request(StageState st, int workers) {
        if (workers == st.slots.size()) {
            requested.remove(st.index);
        } else {
            requested.put(st.index, workers);
        }
    }

    /** Called right after the stage committed an epoch: begins its waiting resize, if any. */
    void committed(StageState st) {
        Integer want = requested.remove(st.index);
        if (want == null || want == st.slots.size() || st.rollBack != null) {
            return;
        }
        resizedAt.put(st.index, st.transactions.commits());
        if (st.spec.keyed()) {
            rollBacks.beginKeyedResize(st, want);
            return;
        }
        LOG.info("{}: resizing {} -> {} workers at committed epoch {}", st.label, st.slots.size(), want,
                st.transactions.committedEpoch());
        rollBacks.beginResize(st, want);
    }

    /**
     * During the resize's roll-back, once every survivor has let go: takes the removed slots out of
     * the stage (their state parked), adds the new ones (their state unparked) and records the
     * stage's new size.
     *
     * @return the added slots, which need new workers
     */
    List<SlotState> changeSlots(StageState st, StageRollBack rb) {
        long epoch = st.transactions.committedEpoch();
        for (SlotState s : rb.removedSlots()) {
            parking.park(st.index, s.slot, epoch);
            st.slots.remove(s.slot);
            removed.put(s.slot, s);
        }
        List<SlotState> added = new ArrayList<>();
        for (int k = 0; st.slots.size() < rb.resizeTo(); k++) {
            String name = WorkerLauncher.slotName(st.index, k);
            if (st.slots.containsKey(name)) {
                continue;
            }
            parking.unpark(st.index, name, epoch, st.spec.keyed());
            SlotState back = removed.remove(name);
            SlotState slot = back != null ? back : new SlotState(name, null, true);
            // its worker ids stay unique: past the stage's generation, as a resumed manager's slots are
            slot.incarnation = Math.max(slot.incarnation, (int) st.transactions.generation());
            st.slots.put(name, slot);
            added.add(slot);
        }
        // the map's order is the launch and report order: keep it the slots' order
        List<SlotState> ordered = inSlotOrder(st);
        st.slots.clear();
        ordered.forEach(s -> st.slots.put(s.slot, s));
        journal.workers(st.index, st.slots.size());
        LOG.info("{}: {} slots from committed epoch {} ({} removed, {} added)", st.label, st.slots.size(), epoch,
                rb.removedSlots().size(), added.size());
        return added;
    }

    /** The stage's slots by their number. */
    static List<SlotState> inSlotOrder(StageState st) {
        List<SlotState> ordered = new ArrayList<>(st.slots.values());
        ordered.sort(Comparator.comparingInt(s -> WorkerLauncher.slotNumber(s.slot)));
        return ordered;
    }
}
