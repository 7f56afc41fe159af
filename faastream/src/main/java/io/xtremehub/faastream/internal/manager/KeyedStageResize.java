package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.internal.wire.ControlMessage;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 */
final class KeyedStageResize {
    private static final Logger LOG = LoggerFactory.getLogger(KeyedStageResize.class);
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

    /** Tells every worker of the stage to stop at its next window end; {@link #advance} starts the new ones. */
    void request(StageState st, int workers) {
        underWay.put(st.index, workers);
        for (SlotState s : st.slots.values()) {
            if (s.active()) {
                s.stopping = true;
                st.tell(new ControlMessage(ControlMessage.Type.STOP, s.workerId));
            }
        }
        LOG.info("{}: resizing {} -> {} workers at the next window end ({} segments)", st.label,
                st.slots.size(), workers, st.partitions);
    }

    /** Starts the new workers of each stage whose old ones have all closed their last window. */
    void advance(List<StageState> stages) {
        for (StageState st : stages) {
            Integer workers = underWay.get(st.index);
            // DONE comes before the worker closes its reader: new readers that joined while old ones still
            // held segments would take them one at a time as they came free, unevenly
            if (workers == null || !st.slots.values().stream().allMatch(s -> s.finished && !s.handle.alive())) {
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
            LOG.info("{}: scaled workers {} -> {}", st.label, before, workers);
        }
    }
}
