package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.ScalingPolicy;
import io.xtremehub.faastream.internal.graph.StageSpec;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.JobNames;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies the scaling policy to a streaming job's stages: starts workers in new slots or asks the last
 * ones to stop, and rescales a stage's input stream to the policy's segment count. The first stage's
 * input is the user's stream: rescaled only when the job's options allow it ({@code sourceStream}
 * non-null). Stages that group by key keep their segments and change their workers all at once at a
 * window end, to a count that divides the segments ({@link KeyedStageResize#evenCount}): at-least-once
 * by {@link KeyedStageResize}, exactly-once by {@link StageRollBacks#beginKeyedResize}, except sorts, which
 * keep their size in both ({@link #keepsItsSize}). In an
 * exactly-once job a change of workers waits for the stage's next commit ({@link EpochBoundaryResize})
 * and only its source stream's segments change, by splits ({@link #splitOnly}).
 */
final class StageScaler {
    private static final Logger LOG = LoggerFactory.getLogger(StageScaler.class);
    private final ScalingPolicy policy;
    private final WorkerLauncher launcher;
    private final JobResources resources;
    private final JobNames names;
    /** The job's source stream when the user let the policy rescale it, else null. */
    private final String sourceStream;
    private final KeyedStageResize keyedResize;
    /** Stages whose "source segments stay" line was logged already: once per job is enough. */
    private final Set<Integer> toldFixed = new HashSet<>();
    /** Exactly-once stages whose "segments are not merged" or "input keeps its segments" line was logged. */
    private final Set<Integer> toldNoMerge = new HashSet<>();
    /** Sort stages whose "keeps its workers" line was logged. */
    private final Set<Integer> toldSortKept = new HashSet<>();
    /** Stages whose "input stays at its stream's minimum" line was logged. */
    private final Set<Integer> toldAtMinimum = new HashSet<>();

    StageScaler(ScalingPolicy policy, WorkerLauncher launcher, JobResources resources, JobNames names,
                String sourceStream, KeyedStageResize keyedResize) {
        this.policy = policy;
        this.launcher = launcher;
        this.resources = resources;
        this.names = names;
        this.sourceStream = sourceStream;
        this.keyedResize = keyedResize;
    }

    /** One scaling decision per stage of an at-least-once job, carried out at once. */
    void scale(List<StageState> stages) {
        for (StageState st : stages) {
            if (keyedResize.resizes(st) && scalableSource(st, stages)) {
                scaleKeyed(st);
                continue;
            }
            if (!scalable(st, stages)) {
                continue;
            }
            scaleWorkers(st);
            scaleInput(st, false);
        }
    }

    /**
     * One scaling decision per stage of an exactly-once job: a change of its workers is handed to
     * {@code resize}, which carries it out right after the stage's next commit; the source stream's
     * segments are split at once (see {@link #splitOnly}), the job's own streams keep theirs. A keyed
     * stage's count divides its input's segments, as at-least-once.
     */
    void scaleAtCommits(List<StageState> stages, EpochBoundaryResize resize) {
        for (StageState st : stages) {
            if (!scalableSource(st, stages) || !st.goSent || st.rollBack != null || !resize.settled(st)) {
                continue;
            }
            if (st.spec.keyed() && keepsItsSize(st.spec)) {
                tellSortKept(st);
                continue;
            }
            if (st.spec.keyed()) {
                resize.request(st, KeyedStageResize.evenCount(policy.getWorkers(st.index), st.slots.size(),
                        st.partitions));
                continue;
            }
            resize.request(st, Math.max(1, policy.getWorkers(st.index)));
            scaleInput(st, true);
        }
    }

    /**
     * Whether a keyed stage keeps the workers its pipeline gives it (exactly-once also one input segment
     * per worker): a sort. Each sort worker emits its share of a window as one ordered run, so its worker count
     * is part of the order its output comes in (one sorter emits each window whole and in order); the
     * policy's count would change that, and extra segments would serve no added worker.
     */
    static boolean keepsItsSize(StageSpec stage) {
        return stage.kind() == StageSpec.Kind.SORT;
    }

    private void tellSortKept(StageState st) {
        if (policy.getWorkers(st.index) != st.slots.size() && toldSortKept.add(st.index)) {
            LOG.info("{}: a sort keeps the workers its pipeline gives it ({}), not the "
                    + "policy's {}: each sorter emits one ordered run per window", st.label, st.slots.size(),
                    policy.getWorkers(st.index));
        }
    }

    /** Whether an at-least-once stage changes its workers one by one: it reads a stream and groups by no key. */
    private static boolean scalable(StageState st, List<StageState> stages) {
        return scalableSource(st, stages) && !st.spec.keyed();
    }

    /** Whether the stage still reads an input that goes on (a stream, not ending). */
    private static boolean scalableSource(StageState st, List<StageState> stages) {
        if (st.done || st.inputComplete || st.endsExpected != null || (st.index == 0 && st.readerGroup == null)) {
            return false;
        }
        return st.index == 0 || !stages.get(st.index - 1).done;
    }

    /** An at-least-once keyed stage changes its workers within its segments, all at one window end. */
    private void scaleKeyed(StageState st) {
        if (keepsItsSize(st.spec)) {
            tellSortKept(st);
            return;
        }
        if (!keyedResize.settled(st, System.currentTimeMillis())) {
            return;
        }
        int active = (int) st.activeCount();
        int want = KeyedStageResize.evenCount(policy.getWorkers(st.index), active, st.partitions);
        if (want != active) {
            keyedResize.request(st, want);
        }
    }

    private void scaleInput(StageState st, boolean splitOnly) {
        if (st.index > 0 && splitOnly) {
            if (policy.getPartitions(st.index) != st.partitions && toldNoMerge.add(st.index)) {
                LOG.info("{}: exactly-once, so its input keeps its {} segments: the stage before writes it in "
                        + "transactions, and Pravega commits one begun before a rescale by adding copies of the "
                        + "old segments after the new ones, a merge (see StageScaler.splitOnly)", st.label, st.partitions);
            }
        } else if (st.index > 0) {
            scaleInput(st, names.dataStream(st.index), splitOnly);
        } else if (sourceStream != null) {
            scaleInput(st, sourceStream, splitOnly);
        } else if (toldFixed.add(st.index) && policy.getPartitions(0) != st.partitions) {
            LOG.info("{}: the source stream belongs to the user, so its segments stay as they are "
                    + "(JobOptions.scaleSourceStream(true) lets the policy rescale it)", st.label);
        }
    }

    private void scaleWorkers(StageState st) {
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
                // the worker processes and writes what it read, then closes its reader at that position,
                // so the next owner of its segments starts right after it: nothing lost or read twice
                s.stopping = true;
                st.control.append(new ControlMessage(ControlMessage.Type.STOP, s.workerId));
            }
            LOG.info("{}: scaled workers {} -> {}", st.label, active, want);
        }
    }

    private void scaleInput(StageState st, String stream, boolean splitOnly) {
        if (st.partitions == 0) {
            // the source stream: the job did not make it, so it learns its segments here
            st.partitions = resources.segmentCount(stream);
        }
        int parts = Math.max(1, policy.getPartitions(st.index));
        int min = resources.minSegments(stream);
        if (parts < min) {
            if (toldAtMinimum.add(st.index)) {
                LOG.info("{}: its input keeps at least {} segments, the minimum {} was created with "
                        + "(the controller refuses fewer)", st.label, min, stream);
            }
            parts = min;
        }
        if (parts == st.partitions) {
            return;
        }
        try {
            if (!resources.readsOnlyActiveSegments(st.readerGroup, stream)) {
                // each rescale seals every segment, and readers pass a sealed one on to its successors
                // only at their next checkpoint: rescaling again before they did stacks generations
                // of sealed segments (the scaling benchmark rescaled its source six times while no reader read)
                LOG.debug("{}: input not rescaled to {} segments yet: its readers still hold sealed segments",
                        st.label, parts);
                return;
            }
            if (splitOnly) {
                parts = splitOnly(st, stream, parts);
                if (parts == st.partitions) {
                    return;
                }
            } else {
                resources.scaleStream(stream, parts);
            }
            LOG.info("{}: scaled input segments {} -> {}", st.label, st.partitions, parts);
            st.partitions = parts;
        } catch (RuntimeException e) {
            LOG.warn("{}: could not scale input to {} segments: {}", st.label, parts, e.getMessage());
        }
    }

    /**
     * Exactly-once input: segments are only ever split, each into the same number of parts, never
     * merged. A reader-group checkpoint holds the positions of the segments its readers own and of
     * the unassigned ones, but not of a segment that waits for several predecessors to be read to
     * their ends: a checkpoint taken while a merge is half read leaves the merged segment out (and
     * may hold no position at all), and a stage rolled back to it never reads that segment (Pravega
     * releases it only once all its predecessors are read, and the others are no longer in the
     * group). A split segment has one predecessor and is released as soon as that one is read. Only
     * the source stream is split this way: a stream written in transactions (the job's own streams
     * between stages) goes through merges anyway, as Pravega commits a transaction begun before a
     * rescale by adding copies of the old segments after the new ones, each the successor of several.
     *
     * @return the stage's segment count after the split (unchanged when the policy wants fewer)
     */
    private int splitOnly(StageState st, String stream, int wanted) {
        if (wanted < st.partitions) {
            if (toldNoMerge.add(st.index)) {
                LOG.info("{}: exactly-once, so its input keeps its {} segments rather than merge them to {} "
                        + "(a checkpoint taken during a merge cannot be restarted from)", st.label, st.partitions, wanted);
            }
            return st.partitions;
        }
        int factor = (wanted + st.partitions - 1) / st.partitions;
        resources.splitStream(stream, factor);
        return st.partitions * factor;
    }
}
