package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.Filter;
import io.xtremehub.faastream.Group;
import io.xtremehub.faastream.KeyFunction;
import io.xtremehub.faastream.Serializer;
import io.xtremehub.faastream.Serializers;
import io.xtremehub.faastream.SortOrder;
import io.xtremehub.faastream.Transformer;
import io.xtremehub.faastream.internal.graph.StageSpec;
import io.xtremehub.faastream.internal.sort.PackedRecordSort;
import io.xtremehub.faastream.internal.sort.PrefixSort;
import io.xtremehub.faastream.internal.state.KeyedStateFields;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Applies one stage's user function: map, filter, flatMap, reduce (which collects key groups and
 * hands them to the reducer in key order when asked to emit), or sort (which collects events and
 * emits them in order when asked to). A sort of raw byte records by unsigned key bytes takes whole
 * packs of records and keeps them packed ({@link PackedRecordSort}).
 */
final class StageProcessor {
    private final StageSpec spec;
    private Map<Object, List<Object>> groups;
    /** SORT: the events collected since the last emit. */
    private List<Object> toSort;
    /** SORT of raw byte records by unsigned key bytes: the packs collected; null for other stages. */
    private final PackedRecordSort packed;
    /** REDUCE: the reducer's {@code KeyedState} fields, each pointed at the key of the group being reduced. */
    private final List<KeyedStateFields.Named> keyedState;

    StageProcessor(StageSpec spec) {
        this(spec, null);
    }

    /** @param input the serializer of the stage's input events, which decides whether it takes packs */
    StageProcessor(StageSpec spec, Serializer<?> input) {
        this.spec = spec;
        boolean rawBytes = input != null && input.getClass() == Serializers.bytes().getClass();
        this.packed = spec.kind() == StageSpec.Kind.SORT && rawBytes
                && spec.function() instanceof SortOrder.UnsignedBytes order
                ? new PackedRecordSort(order.offset(), order.length()) : null;
        this.keyedState = spec.kind() == StageSpec.Kind.REDUCE ? KeyedStateFields.of(spec.function()) : List.of();
    }

    List<KeyedStateFields.Named> keyedState() {
        return keyedState;
    }

    /** Whether the stage takes whole packs of events ({@link #processPack}) rather than one event at a time. */
    boolean takesPacks() {
        return packed != null;
    }

    /**
     * Collects a pack body's events without deserializing or copying them (only when {@link #takesPacks}).
     *
     * @return the number of events it held
     * @throws IllegalArgumentException if the pack is malformed or an event is too short for the sort key
     */
    int processPack(byte[] body) {
        return packed.add(body);
    }

    Object function() {
        return spec.function();
    }

    void open() throws Exception {
        if (spec.function() instanceof Transformer<?, ?> t) {
            t.initialize();
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    void process(Object input, Consumer<Object> emit) throws Exception {
        switch (spec.kind()) {
            case MAP -> {
                Object out = ((Transformer) spec.function()).apply(input);
                if (out != null) {
                    emit.accept(out);
                }
            }
            case FILTER -> {
                if (((Filter) spec.function()).test(input)) {
                    emit.accept(input);
                }
            }
            case FLAT_MAP -> {
                Iterable<?> outs = (Iterable<?>) ((Transformer) spec.function()).apply(input);
                if (outs != null) {
                    for (Object o : outs) {
                        emit.accept(o);
                    }
                }
            }
            case REDUCE -> {
                Object key = ((KeyFunction) spec.key()).keyOf(input);
                if (key == null) {
                    throw new IllegalArgumentException("the key function returned null");
                }
                if (groups == null) {
                    groups = key instanceof Comparable ? new TreeMap<>() : new LinkedHashMap<>();
                }
                groups.computeIfAbsent(key, k -> new ArrayList<>()).add(input);
            }
            case SORT -> {
                if (packed != null) {
                    // an event that came alone (not in a pack) joins the packed ones, or it would be sorted apart
                    packed.addRecord((byte[]) input);
                    return;
                }
                if (toSort == null) {
                    toSort = new ArrayList<>();
                }
                toSort.add(input);
            }
            default -> throw new IllegalStateException("unknown stage kind " + spec.kind());
        }
    }

    /** Whether the stage holds events between windows (reduce groups, events to sort). */
    boolean holdsEvents() {
        return spec.keyed();
    }

    /**
     * The events collected and not yet emitted: every group's, in key order, or those to sort. With
     * {@link #holdAgain} they are what an exactly-once checkpoint saves of an open window.
     */
    List<Object> heldEvents() {
        List<Object> held = new ArrayList<>();
        if (groups != null) {
            groups.values().forEach(held::addAll);
        }
        if (toSort != null) {
            held.addAll(toSort);
        }
        if (packed != null) {
            packed.forEachRecord(held::add);
        }
        return held;
    }

    /** Collects events an earlier incarnation held (see {@link #heldEvents}), as if they had just arrived. */
    void holdAgain(List<Object> held) throws Exception {
        Consumer<Object> none = o -> {
            throw new IllegalStateException("a held event produced output before its window closed");
        };
        for (Object e : held) {
            process(e, none);
        }
    }

    /** Number of collected groups (reduce). */
    int pendingGroups() {
        return groups != null ? groups.size() : toSort != null ? toSort.size() : packed != null ? packed.size() : 0;
    }

    /**
     * Hands every collected group to the reducer, in key order, and forgets them.
     *
     * @param windowEnd the end of the window the groups close (epoch milliseconds), or 0 at a batch's end
     * @throws GroupFailure naming the group's key when the reducer throws
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void emitGroups(Consumer<Object> emit, long windowEnd) throws GroupFailure {
        if (packed != null && packed.size() > 0) {
            packed.emitSorted(emit::accept);
        }
        if (toSort != null) {
            emitSorted(emit);
            return;
        }
        if (groups == null || groups.isEmpty()) {
            return;
        }
        Map<Object, List<Object>> batch = groups;
        groups = null;
        for (Map.Entry<Object, List<Object>> e : batch.entrySet()) {
            Object out;
            keyedState.forEach(k -> k.values().enter(e.getKey()));
            try {
                out = ((Transformer) spec.function()).apply(new Group<>(e.getKey(), e.getValue(), windowEnd));
            } catch (Exception ex) {
                throw new GroupFailure(e.getKey(), e.getValue().size(), ex);
            } finally {
                keyedState.forEach(k -> k.values().leave());
            }
            if (out != null) {
                emit.accept(out);
            }
        }
    }

    /** SORT: emits the collected events in the stage's order and forgets them. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private void emitSorted(Consumer<Object> emit) throws GroupFailure {
        List<Object> batch = toSort;
        toSort = null;
        SortOrder order = (SortOrder) spec.function();
        try {
            if (order.hasPrefix()) {
                batch = PrefixSort.sort(batch, order);
            } else {
                batch.sort(order);
            }
        } catch (RuntimeException ex) {
            throw new GroupFailure(null, batch.size(), ex);
        }
        for (Object o : batch) {
            emit.accept(o);
        }
    }

    void close() throws Exception {
        if (spec.function() instanceof Transformer<?, ?> t) {
            t.close();
        }
    }

    /** A reducer threw on one key group, or (key null) the sort order threw. */
    static final class GroupFailure extends Exception {
        final Object key;
        final int size;

        GroupFailure(Object key, int size, Exception cause) {
            super(cause);
            this.key = key;
            this.size = size;
        }
    }
}
