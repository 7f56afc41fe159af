package io.xtremehub.faastream.internal.manager;

import io.pravega.client.stream.Position;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Resizes a keyed stage (reduce, sort) of an at-least-once streaming job without splitting a key's
 * window. Its input keeps its segments, so the upstream writers route every key to the same segment
 * throughout; only the workers change, in one step for the whole stage: every worker is told to STOP,
 * which a keyed worker obeys at its next window end (windows end at the same wall-clock multiples on
 * every worker), emitting that window and closing its reader right after the events it holds. Once
 * all have, the new workers start, and read only when all of them have joined the reader group
 * ({@link #startsTogether}): readers that join before any reads and get an even share of the segments
 * each ({@link #evenCount}) never hand a segment on while they hold its keys in an open window.
 *
 * <p>A lost worker restarts its stage the same way ({@link #lost}), at the same count or the one of a
 * resize under way: its open window is gone, so its reader's segments must be read again from the end
 * of the last window it emitted, the position it reported then. The survivors finish their windows as
 * for a resize, and only then is the lost reader taken out of the group at that position, so that no
 * segment moves to a survivor mid-window; the new workers then share all segments evenly. Keyed groups
 * take no automatic checkpoints ({@code StageReaderGroups}), so a worker lost before its first window
 * end has its segments read again from where it took them.
 */
final class KeyedStageResize {
    private static final Logger LOG = LoggerFactory.getLogger(KeyedStageResize.class);
    /**
     * Losses in a row of workers that had not emitted a window yet after which the job fails: a worker
     * that dies the same way whenever it starts (a function that crashes its JVM) would restart the
     * stage for ever.
     */
    static final int MAX_LOSSES_WITHOUT_PROGRESS = 3;
    private final WorkerLauncher launcher;
    /** Whether the job is a stream: a batch's keyed stage holds its whole input, and is never resized. */
    private final boolean stream;
    /**
     * How long a restarted stage runs before its next decision: the policy's reports of the old workers
     * (full queues while they finished) age out after 3 s, and the new ones start with the events that
     * waited during the restart in their queues. Deciding earlier made a stage go 2 -> 4 -> 2 -> 4 under
     * a light, steady load.
     */
    static final long SETTLE_MILLIS = 4_000;
    /** Stage index to the worker count it restarts with, while its old workers finish their windows. */
    private final Map<Integer, Integer> underWay = new HashMap<>();
    /** Stage index to when the manager first saw its current workers started. */
    private final Map<Integer, Long> startedAt = new HashMap<>();
    /** Stage index to the workers it lost in a row that had emitted no window. */
    private final Map<Integer, Integer> lossesWithoutProgress = new HashMap<>();
    /** Stages whose last attempt to take a lost reader out of the group failed (logged once). */
    private final Map<Integer, String> offlineFailed = new HashMap<>();

    KeyedStageResize(WorkerLauncher launcher, boolean stream) {
        this.launcher = launcher;
        this.stream = stream;
    }

    /** Whether the stage's workers start only together, on a start signal by name: an at-least-once keyed stage. */
    static boolean startsTogether(StageState st) {
        return st.spec.keyed() && st.transactions == null && st.attempts == null;
    }

    /** Whether this class resizes the stage: at-least-once, keyed, in a stream. */
    boolean resizes(StageState st) {
        return stream && startsTogether(st);
    }

    /**
     * The worker count closest to {@code wanted} that divides {@code segments}: the next one up when
     * the stage grows, else the next one down. A reader group's readers that all join before reading
     * then take {@code segments / count} segments each, and none holds more than one more than another,
     * which is when Pravega's readers hand segments on.
     */
    static int evenCount(int wanted, int current, int segments) {
        int want = Math.max(1, Math.min(wanted, segments));
        if (want > current) {
            for (int d = want; d <= segments; d++) {
                if (segments % d == 0) {
                    return d;
                }
            }
        }
        for (int d = want; d > 1; d--) {
            if (segments % d == 0) {
                return d;
            }
        }
        return 1;
    }

    /** Whether the stage's current workers have run long enough for a decision on their reports. */
    boolean settled(StageState st, long now) {
        if (underWay.containsKey(st.index) || !st.goSent) {
            startedAt.remove(st.index);
            return false;
        }
        return now - startedAt.computeIfAbsent(st.index, k -> now) >= SETTLE_MILLIS;
    }

    /** Whether the stage's workers are finishing their windows for a resize or restart. */
    boolean underWay(StageState st) {
        return underWay.containsKey(st.index);
    }

    /** Tells every worker of the stage to stop at its next window end; {@link #advance} starts the new ones. */
    void request(StageState st, int workers) {
        stopAll(st, workers);
        LOG.info("{}: resizing {} -> {} workers at the next window end ({} segments)", st.label,
                st.slots.size(), workers, st.partitions);
    }

    /**
     * The slot's worker was lost (and is killed). Its slot counts as finished; the stage restarts with
     * its current count at the survivors' next window end, or goes on with the resize under way.
     *
     * @return false when the stage lost {@link #MAX_LOSSES_WITHOUT_PROGRESS} workers in a row that had
     *         emitted no window: the job should fail
     */
    boolean lost(StageState st, SlotState slot, String reason) {
        slot.finished = true;
        if (slot.last != null) {
            st.retire(slot.last);
        }
        if (slot.windowEndPosition != null) {
            lossesWithoutProgress.remove(st.index);
        } else if (lossesWithoutProgress.merge(st.index, 1, Integer::sum) >= MAX_LOSSES_WITHOUT_PROGRESS) {
            return false;
        }
        String from = slot.windowEndPosition == null ? "from where it took them (it emitted no window)"
                : "from the end of its last window";
        if (underWay.containsKey(st.index)) {
            LOG.warn("{}; its segments are read again {} once the stage's resize is done", reason, from);
        } else {
            stopAll(st, st.slots.size());
            LOG.warn("{}; its open window is lost, so the stage restarts its {} workers at their next window end"
                    + " and its segments are read again {}", reason, st.slots.size(), from);
        }
        return true;
    }

    private void stopAll(StageState st, int workers) {
        underWay.put(st.index, workers);
        for (SlotState s : st.slots.values()) {
            if (s.active()) {
                s.stopping = true;
                st.tell(new ControlMessage(ControlMessage.Type.STOP, s.workerId));
            }
        }
    }

    /** Starts the new workers of each stage whose old ones have all closed their last window. */
    void advance(List<StageState> stages) {
        for (StageState st : stages) {
            Integer workers = underWay.get(st.index);
            // DONE comes before the worker closes its reader: new readers that joined while old ones still
            // held segments would take them one at a time as they came free, unevenly
            if (workers == null || !st.slots.values().stream().allMatch(s -> s.finished && !s.handle.alive())
                    || !takeReadersOffline(st)) {
                continue;
            }
            underWay.remove(st.index);
            int before = st.slots.size();
            st.slots.clear();
            for (int k = 0; k < workers; k++) {
                launcher.launch(st, launcher.addSlot(st, null, true));
            }
            // the new workers get their start signal once all of them are ready
            st.goSent = false;
            if (before == workers) {
                LOG.info("{}: restarted its {} workers", st.label, workers);
            } else {
                LOG.info("{}: scaled workers {} -> {}", st.label, before, workers);
            }
        }
    }

    /**
     * Takes every old reader that is still in the stage's group out of it at the end of its worker's last
     * emitted window (null: where it took its segments), so that nothing it did not emit is lost. A
     * worker that closed its reader (every one that finished normally) is no longer in the group, and
     * Pravega leaves the group as it is; one lost, or dead between its DONE and closing, still holds its
     * segments, which no new reader could take.
     *
     * @return whether all are out (else the stage tries again on the next round)
     */
    private boolean takeReadersOffline(StageState st) {
        if (st.readerGroup == null) {
            return true;
        }
        try {
            Set<String> online = st.readerGroup.getOnlineReaders();
            for (SlotState s : st.slots.values()) {
                if (!online.contains(s.workerId)) {
                    continue;
                }
                Position at = s.windowEndPosition == null ? null : Position.fromBytes(ByteBuffer.wrap(s.windowEndPosition));
                st.readerGroup.readerOffline(s.workerId, at);
                LOG.info("{}: reader {} taken out of the group at {}", st.label, s.workerId,
                        at == null ? "where it took its segments" : "its last window end");
            }
        } catch (RuntimeException e) {
            if (!e.toString().equals(offlineFailed.put(st.index, e.toString()))) {
                LOG.warn("{}: could not take the old readers out of the group, trying again: {}", st.label,
                        e.toString());
            }
            return false;
        }
        offlineFailed.remove(st.index);
        return true;
    }
}
