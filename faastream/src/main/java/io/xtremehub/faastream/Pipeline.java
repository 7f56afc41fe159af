package io.xtremehub.faastream;

import io.xtremehub.faastream.internal.combine.Partial;
import io.xtremehub.faastream.internal.combine.PartialMerger;
import io.xtremehub.faastream.internal.combine.PartialSerializer;
import io.xtremehub.faastream.internal.graph.CombineSpec;
import io.xtremehub.faastream.internal.graph.JobSpec;
import io.xtremehub.faastream.internal.graph.SinkSpec;
import io.xtremehub.faastream.internal.graph.SourceSpec;
import io.xtremehub.faastream.internal.graph.StageSpec;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A serverless pipeline: a source, a sequence of stages and a sink. Each step returns a new
 * immutable pipeline; nothing runs until {@link Manager#execute}. Every step becomes a stage run
 * by its own workers, connected to the next stage by a Pravega stream.
 *
 * <pre>{@code
 * Pipeline<String> job = Pipeline.fromBucketFolder("texts", "in/", RecordFormat.lines(), Serializers.utf8())
 *     .flatMap(line -> List.of(line.split(" ")), Serializers.utf8())
 *     .reduce(word -> word, Combiner.counting(), (word, n) -> word + " " + n, Serializers.utf8())
 *     .writeToBucket("texts", "counts/");
 * }</pre>
 *
 * @param <T> type of the events the last step produces
 */
public final class Pipeline<T> implements Serializable {
    private final SourceSpec source;
    private final List<StageSpec> stages;
    private final SinkSpec sink;
    private final Serializer<T> serializer;

    private Pipeline(SourceSpec source, List<StageSpec> stages, SinkSpec sink, Serializer<T> serializer) {
        this.source = source;
        this.stages = List.copyOf(stages);
        this.sink = sink;
        this.serializer = serializer;
    }

    // ----- sources -----

    /** Events of a Pravega stream in the manager's scope, as raw bytes. */
    public static Pipeline<byte[]> fromStream(String stream) {
        return fromStream(stream, Serializers.bytes());
    }

    /** Events of a Pravega stream in the manager's scope, decoded by {@code serializer}. */
    public static <T> Pipeline<T> fromStream(String stream, Serializer<T> serializer) {
        requireName(stream, "stream");
        return new Pipeline<>(new SourceSpec(SourceSpec.Kind.STREAM, stream, null, null, null,
                Objects.requireNonNull(serializer, "serializer")), List.of(), null, serializer);
    }

    /** One bucket object as a single event of raw bytes. */
    public static Pipeline<byte[]> fromBucketFile(String bucket, String key) {
        return fromBucketFile(bucket, key, RecordFormat.whole(), Serializers.bytes());
    }

    /** One bucket object split into records by {@code format}, each decoded by {@code serializer}. */
    public static <T> Pipeline<T> fromBucketFile(String bucket, String key, RecordFormat format,
                                                 Serializer<T> serializer) {
        requireName(bucket, "bucket");
        requireName(key, "object key");
        return new Pipeline<>(new SourceSpec(SourceSpec.Kind.BUCKET_FILE, null, bucket, key,
                Objects.requireNonNull(format, "format"), Objects.requireNonNull(serializer, "serializer")),
                List.of(), null, serializer);
    }

    /** Every object under {@code prefix}, each as one event of raw bytes. */
    public static Pipeline<byte[]> fromBucketFolder(String bucket, String prefix) {
        return fromBucketFolder(bucket, prefix, RecordFormat.whole(), Serializers.bytes());
    }

    /** Every object under {@code prefix}, split into records by {@code format}. */
    public static <T> Pipeline<T> fromBucketFolder(String bucket, String prefix, RecordFormat format,
                                                   Serializer<T> serializer) {
        requireName(bucket, "bucket");
        Objects.requireNonNull(prefix, "prefix");
        return new Pipeline<>(new SourceSpec(SourceSpec.Kind.BUCKET_FOLDER, null, bucket, prefix,
                Objects.requireNonNull(format, "format"), Objects.requireNonNull(serializer, "serializer")),
                List.of(), null, serializer);
    }

    // ----- steps -----

    /** Applies {@code t} to every event; the output travels with Java serialization. */
    public <O> Pipeline<O> map(Transformer<? super T, ? extends O> t) {
        return map(t, Serializers.java());
    }

    /** Applies {@code t} to every event; a null result emits nothing. */
    public <O> Pipeline<O> map(Transformer<? super T, ? extends O> t, Serializer<O> out) {
        return step(StageSpec.Kind.MAP, "map", t, null, out);
    }

    /** Keeps the events for which {@code predicate} is true. */
    public Pipeline<T> filter(Filter<? super T> predicate) {
        return step(StageSpec.Kind.FILTER, "filter", predicate, null, serializer);
    }

    /** Applies {@code t} and emits every element of the returned iterable. */
    public <O> Pipeline<O> flatMap(Transformer<? super T, ? extends Iterable<? extends O>> t) {
        return flatMap(t, Serializers.java());
    }

    /** Applies {@code t} and emits every element of the returned iterable. */
    public <O> Pipeline<O> flatMap(Transformer<? super T, ? extends Iterable<? extends O>> t, Serializer<O> out) {
        return step(StageSpec.Kind.FLAT_MAP, "flatMap", t, null, out);
    }

    /**
     * Groups events by {@code key} and applies {@code reducer} to every group. The previous step's
     * output is shuffled by consistent hashing of the key unless it was given a routing with
     * {@link #routeBy} (e.g. an order-preserving one for sorting). Groups are handed to the
     * reducer in ascending key order when keys are {@link Comparable}. In a batch a group holds
     * every event of its key; in a stream, those of one window ({@link JobOptions.Builder#window}).
     * A null result emits nothing; an {@link Iterable} result is not flattened.
     */
    public <K, O> Pipeline<O> reduce(KeyFunction<? super T, K> key, Transformer<Group<K, T>, ? extends O> reducer,
                                     Serializer<O> out) {
        Objects.requireNonNull(key, "key");
        List<StageSpec> s = new ArrayList<>(stages);
        if (!s.isEmpty() && s.get(s.size() - 1).routing() == null) {
            s.set(s.size() - 1, s.get(s.size() - 1).withRouting(Routings.hash(key)));
        }
        Pipeline<T> routed = new Pipeline<>(source, s, sink, serializer);
        if (s.isEmpty()) {
            // the source feeds the reducer directly: add an identity stage that shuffles by key
            routed = routed.map(e -> e, serializer).routeBy(Routings.hash(key)).named("shuffle");
        }
        return routed.step(StageSpec.Kind.REDUCE, "reduce", reducer, key, out);
    }

    /**
     * Groups events by {@code key} and folds each group with an associative {@code combiner}, then
     * hands every key's total to {@code finisher}: a reduce that shuffles partial aggregates instead
     * of events. The previous step folds its own results per key and sends one partial per key at a
     * time (when its worker makes its reads durable, at every window in a stream, at the end of its
     * input in a batch); the reduce stage merges the partials of all workers. A WordCount written as
     * {@code reduce(word -> word, Combiner.counting(), (word, n) -> word + " " + n, Serializers.utf8())}
     * shuffles one count per distinct word and flush instead of one event per word.
     *
     * <p>Results are those of {@link #reduce(KeyFunction, Transformer, Serializer)} with a reducer
     * that merges the whole group: in a batch one total per key, in a stream one per key and window.
     * The partials are routed by the hash of the key, so the previous step must not have a
     * {@link #routeBy} routing of its own. Under exactly-once the partials go into the map stage's
     * transaction of the epoch whose checkpoint they were flushed before.
     */
    public <K, A, O> Pipeline<O> reduce(KeyFunction<? super T, K> key, Combiner<? super T, A> combiner,
                                        Finisher<? super K, ? super A, ? extends O> finisher, Serializer<O> out) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(combiner, "combiner");
        Objects.requireNonNull(finisher, "finisher");
        Pipeline<T> mapSide = stages.isEmpty()
                // the source feeds the reducer directly: an identity stage combines and shuffles
                ? map(e -> e, serializer).named("combine") : this;
        StageSpec last = mapSide.last();
        if (last.routing() != null) {
            throw new IllegalStateException("a reduce with a combiner routes partial aggregates by the hash of their "
                    + "key; remove routeBy(...) from step '" + last.name() + "' or reduce without a combiner");
        }
        KeyFunction<Partial, Object> partialKey = Partial::key;
        PartialSerializer partials = new PartialSerializer(combiner.serializer());
        List<StageSpec> s = new ArrayList<>(mapSide.stages);
        s.set(s.size() - 1, last.withCombine(new CombineSpec(key, combiner), partials, Routings.hash(partialKey)));
        Pipeline<Partial> shuffled = new Pipeline<>(source, s, sink, partials);
        return shuffled.step(StageSpec.Kind.REDUCE, "reduce", new PartialMerger(combiner, finisher), partialKey, out);
    }

    /**
     * Sorts the events in {@code order}. Each worker collects its input and emits it sorted when the
     * input ends (in a stream: at the end of every window). The previous step's output is spread
     * over the workers by its {@link #routeBy} routing; with an order-preserving one
     * ({@link Routings#range}, {@link Routings#sampledRange}, {@link Routings#lexicographic}), worker
     * i holds only events below worker i+1's, so a bucket sink's parts read in name order are
     * globally sorted. Unlike a reduce by the sort key, it keeps one list of events, not a group per key.
     */
    public Pipeline<T> sortBy(SortOrder<? super T> order) {
        Objects.requireNonNull(order, "order");
        Pipeline<T> routed = stages.isEmpty()
                // the source feeds the sort directly: an identity stage spreads the events over its workers
                ? map(e -> e, serializer).named("shuffle") : this;
        return routed.step(StageSpec.Kind.SORT, "sort", order, null, serializer);
    }

    /** Sets how the last step's output is routed to the next stage's segments. */
    public Pipeline<T> routeBy(Routing<? super T> routing) {
        Objects.requireNonNull(routing, "routing");
        return replaceLast(last().withRouting(routing));
    }

    /** Sets how many workers (and stream segments) the last step starts with. */
    public Pipeline<T> parallelism(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, got " + workers);
        }
        return replaceLast(last().withParallelism(workers));
    }

    /** Names the last step; the name appears in status, metrics and error messages. */
    public Pipeline<T> named(String name) {
        requireName(name, "step name");
        return replaceLast(last().withName(name));
    }

    // ----- sinks -----

    /** Writes the results to an existing stream in the manager's scope. */
    public Pipeline<T> writeToStream(String stream) {
        requireName(stream, "stream");
        return withSink(new SinkSpec(SinkSpec.Kind.STREAM, stream, null, null, null));
    }

    /** Writes the results as newline-separated records into objects under {@code path}. */
    public Pipeline<T> writeToBucket(String bucket, String path) {
        return writeToBucket(bucket, path, RecordFormat.lines());
    }

    /**
     * Writes the results into objects {@code path + "part-..."} of an existing bucket, framed by
     * {@code format}. Part names sort in routing order, so the output of an order-preserving
     * shuffle reads back globally sorted when the parts are read in name order.
     */
    public Pipeline<T> writeToBucket(String bucket, String path, RecordFormat format) {
        requireName(bucket, "bucket");
        Objects.requireNonNull(path, "path");
        return withSink(new SinkSpec(SinkSpec.Kind.BUCKET, null, bucket, path, Objects.requireNonNull(format)));
    }

    /** Whether a sink has been set. */
    public boolean complete() {
        return sink != null;
    }

    /** The definition workers receive. Fails when no sink was set. */
    public JobSpec spec() {
        if (sink == null) {
            throw new IllegalStateException("the pipeline has no sink: end it with writeToStream or writeToBucket");
        }
        List<StageSpec> s = stages;
        if (s.isEmpty()) {
            s = List.of(new StageSpec(StageSpec.Kind.MAP, "identity", (Transformer<Object, Object>) e -> e,
                    null, serializer, null, 1, null));
        }
        return new JobSpec(source, s, sink);
    }

    private Pipeline<T> withSink(SinkSpec s) {
        if (sink != null) {
            throw new IllegalStateException("the pipeline already writes to " + sink.describe());
        }
        return new Pipeline<>(source, stages, s, serializer);
    }

    private <O> Pipeline<O> step(StageSpec.Kind kind, String label, Object fn, KeyFunction<?, ?> key,
                                 Serializer<O> out) {
        Objects.requireNonNull(fn, "function");
        Objects.requireNonNull(out, "serializer");
        if (sink != null) {
            throw new IllegalStateException("cannot add a step after the sink");
        }
        List<StageSpec> s = new ArrayList<>(stages);
        s.add(new StageSpec(kind, label + "#" + (s.size() + 1), fn, key, out, null, 1, null));
        return new Pipeline<>(source, s, null, out);
    }

    private StageSpec last() {
        if (stages.isEmpty()) {
            throw new IllegalStateException("the pipeline has no step yet: add map, filter, flatMap or reduce first");
        }
        return stages.get(stages.size() - 1);
    }

    private Pipeline<T> replaceLast(StageSpec st) {
        List<StageSpec> s = new ArrayList<>(stages);
        s.set(s.size() - 1, st);
        return new Pipeline<>(source, s, sink, serializer);
    }

    private static void requireName(String v, String what) {
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException(what + " must not be empty");
        }
    }
}
