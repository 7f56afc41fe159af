package io.xtremehub.faastream;

import java.io.Serializable;
import java.util.Objects;

/**
 * An associative way to fold the events of one key into an aggregate, for
 * {@link Pipeline#reduce(KeyFunction, Combiner, Finisher, Serializer)}. Because {@link #merge} is
 * associative, the stage before the shuffle can fold its own events per key first and send one
 * partial aggregate per key instead of every event; the reduce stage merges the partials it gets
 * from all workers. A WordCount then shuffles one count per word and flush instead of one event per
 * occurrence.
 *
 * <p>{@code merge} must be associative ({@code merge(merge(a, b), c)} equals
 * {@code merge(a, merge(b, c))}) and commutative, because partials of different workers reach the
 * reducer in any order. It may return one of its arguments, changed, but never null.
 *
 * @param <T> event type
 * @param <A> aggregate type; travels between stages with {@link #serializer()}
 */
public interface Combiner<T, A> extends Serializable {
    /** The aggregate of a single event. */
    A lift(T event);

    /** Two aggregates of the same key as one (associative). */
    A merge(A left, A right);

    /** How aggregates travel from the map side to the reducers; Java serialization unless overridden. */
    default Serializer<A> serializer() {
        return Serializers.java();
    }

    /** Counts events: every event is 1, counts add up. Travels as 8-byte longs. */
    static <T> Combiner<T, Long> counting() {
        return of(e -> 1L, Long::sum, Serializers.int64());
    }

    /** Sums a long value of every event. Travels as 8-byte longs. */
    static <T> Combiner<T, Long> summing(Lift<? super T, Long> value) {
        Objects.requireNonNull(value, "value");
        return of(value::apply, Long::sum, Serializers.int64());
    }

    /** A combiner from its two functions; aggregates travel with {@code serializer}. */
    static <T, A> Combiner<T, A> of(Lift<? super T, A> lift, Merge<A> merge, Serializer<A> serializer) {
        Objects.requireNonNull(lift, "lift");
        Objects.requireNonNull(merge, "merge");
        Objects.requireNonNull(serializer, "serializer");
        return new Combiner<>() {
            @Override
            public A lift(T event) {
                return lift.apply(event);
            }

            @Override
            public A merge(A left, A right) {
                return merge.apply(left, right);
            }

            @Override
            public Serializer<A> serializer() {
                return serializer;
            }
        };
    }

    /**
     * The aggregate of one event, as a lambda that can be shipped to workers.
     *
     * @param <T> event type
     * @param <A> aggregate type
     */
    @FunctionalInterface
    interface Lift<T, A> extends Serializable {
        A apply(T event);
    }

    /**
     * An associative merge of two aggregates, as a lambda that can be shipped to workers.
     *
     * @param <A> aggregate type
     */
    @FunctionalInterface
    interface Merge<A> extends Serializable {
        A apply(A left, A right);
    }
}
