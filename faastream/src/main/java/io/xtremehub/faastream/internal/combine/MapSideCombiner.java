package io.xtremehub.faastream.internal.combine;

import io.xtremehub.faastream.Combiner;
import io.xtremehub.faastream.KeyFunction;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The map side of a combining reduce: folds the results of one worker into one aggregate per key and
 * emits them as {@link Partial}s when flushed. The worker flushes before anything it read is
 * acknowledged (a checkpoint, an end marker, a hand-off, the end of its input) and at every window,
 * so a crash loses no partial that a restart would not rebuild, and a stream's results are late by
 * one window at most. A table grown to {@link #MAX_KEYS} keys flushes itself, to bound memory.
 */
public final class MapSideCombiner {
    /** Keys held before the table flushes on its own: a few MB for word-like keys. */
    static final int MAX_KEYS = 50_000;

    private final KeyFunction<Object, Object> key;
    private final Combiner<Object, Object> combiner;
    private final Consumer<Object> emit;
    private Map<Object, Object> table = new HashMap<>();

    /**
     * @param emit where flushed partials go (the stage's routed output)
     */
    @SuppressWarnings("unchecked")
    public MapSideCombiner(KeyFunction<?, ?> key, Combiner<?, ?> combiner, Consumer<Object> emit) {
        this.key = (KeyFunction<Object, Object>) key;
        this.combiner = (Combiner<Object, Object>) combiner;
        this.emit = emit;
    }

    /** Folds one result of the stage's function into its key's aggregate. */
    public void add(Object event) {
        Object k = key.keyOf(event);
        if (k == null) {
            throw new IllegalArgumentException("the key function returned null");
        }
        Object lifted = combiner.lift(event);
        if (lifted == null) {
            throw new IllegalArgumentException("the combiner's lift returned null for key '" + k + "'");
        }
        Object before = table.get(k);
        Object merged = before == null ? lifted : combiner.merge(before, lifted);
        if (merged == null) {
            // Map.merge would drop the key: the counts so far would vanish without a word
            throw new IllegalArgumentException("the combiner's merge returned null for key '" + k + "'");
        }
        table.put(k, merged);
        if (table.size() >= MAX_KEYS) {
            flush();
        }
    }

    /** Emits one partial per key folded since the last flush, and starts over. */
    public void flush() {
        if (table.isEmpty()) {
            return;
        }
        Map<Object, Object> full = table;
        table = new HashMap<>();
        for (Map.Entry<Object, Object> e : full.entrySet()) {
            emit.accept(new Partial(e.getKey(), e.getValue()));
        }
    }

    /** Keys waiting for the next flush. */
    public int pendingKeys() {
        return table.size();
    }
}
