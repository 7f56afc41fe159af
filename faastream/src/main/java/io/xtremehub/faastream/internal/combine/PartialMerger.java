package io.xtremehub.faastream.internal.combine;

import io.xtremehub.faastream.Combiner;
import io.xtremehub.faastream.Finisher;
import io.xtremehub.faastream.Group;
import io.xtremehub.faastream.Transformer;

/**
 * The reduce side of a combining reduce: the reducer of a key's group of {@link Partial}s merges
 * their aggregates with the combiner and hands the total to the user's {@link Finisher}. It runs as
 * an ordinary reduce stage keyed by {@link Partial#key()}, so groups, windows and key order are the
 * reduce stage's own.
 */
public final class PartialMerger implements Transformer<Group<Object, Partial>, Object> {
    private final Combiner<Object, Object> combiner;
    private final Finisher<Object, Object, Object> finisher;

    @SuppressWarnings("unchecked")
    public PartialMerger(Combiner<?, ?> combiner, Finisher<?, ?, ?> finisher) {
        this.combiner = (Combiner<Object, Object>) combiner;
        this.finisher = (Finisher<Object, Object, Object>) finisher;
    }

    @Override
    public Object apply(Group<Object, Partial> group) throws Exception {
        Object total = group.values().get(0).aggregate();
        for (Partial p : group.values().subList(1, group.values().size())) {
            total = combiner.merge(total, p.aggregate());
            if (total == null) {
                throw new IllegalArgumentException("the combiner's merge returned null");
            }
        }
        return finisher.apply(group.key(), total);
    }
}
