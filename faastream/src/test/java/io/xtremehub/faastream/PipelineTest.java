package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.internal.graph.JobSpec;
import io.xtremehub.faastream.internal.graph.StageSpec;
import io.xtremehub.faastream.internal.wire.RuntimeSettings;
import io.xtremehub.faastream.internal.wire.WorkerLaunch;
import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class PipelineTest {
    @Test
    void stepsBuildStagesInOrderWithSerializersAndParallelism() {
        JobSpec spec = Pipeline.fromStream("in", Serializers.utf8())
                .map(String::length, Serializers.java()).parallelism(3).named("len")
                .filter(n -> n > 2)
                .writeToStream("out").spec();
        assertEquals(2, spec.stageCount());
        assertEquals("len", spec.stage(0).name());
        assertEquals(3, spec.stage(0).parallelism());
        assertEquals(StageSpec.Kind.FILTER, spec.stage(1).kind());
        assertEquals("stage 2 (filter#2)", spec.stageLabel(1));
        assertEquals("utf8", spec.inputSerializer(0).name());
    }

    @Test
    void reduceShufflesThePreviousStageByKeyUnlessItHasARouting() {
        JobSpec hashed = Pipeline.fromStream("in", Serializers.utf8()).map(s -> s, Serializers.utf8())
                .reduce(s -> s, g -> g.key(), Serializers.utf8()).writeToStream("out").spec();
        assertNotNull(hashed.stage(0).routing());
        Routing<String> custom = s -> 0.5;
        JobSpec ranged = Pipeline.fromStream("in", Serializers.utf8()).map(s -> s, Serializers.utf8()).routeBy(custom)
                .reduce(s -> s, g -> g.key(), Serializers.utf8()).writeToStream("out").spec();
        assertEquals(custom, ranged.stage(0).routing());
        assertNull(ranged.stage(1).routing());
    }

    @Test
    void sortByAddsAKeyedSortStageAfterTheRoutedStepOrAShuffleAfterTheSource() {
        JobSpec routed = Pipeline.fromStream("in", Serializers.utf8()).map(s -> s, Serializers.utf8())
                .routeBy(Routings.range(s -> s, List.of("m"))).sortBy(SortOrder.byKey(s -> s)).parallelism(2)
                .writeToStream("out").spec();
        assertEquals(2, routed.stageCount());
        assertEquals(StageSpec.Kind.SORT, routed.stage(1).kind());
        assertTrue(routed.stage(1).keyed(), "a sorter holds its whole input, one worker per segment");
        assertEquals(2, routed.stage(1).parallelism());
        JobSpec direct = Pipeline.fromStream("in", Serializers.utf8()).sortBy(SortOrder.byKey(s -> s))
                .writeToStream("out").spec();
        assertEquals("shuffle", direct.stage(0).name());
        assertEquals(StageSpec.Kind.SORT, direct.stage(1).kind());
    }

    @Test
    void reduceRightAfterTheSourceGetsAShuffleStage() {
        JobSpec spec = Pipeline.fromStream("in", Serializers.utf8())
                .reduce(s -> s, g -> g.key(), Serializers.utf8()).writeToStream("out").spec();
        assertEquals(2, spec.stageCount());
        assertEquals("shuffle", spec.stage(0).name());
        assertTrue(spec.stage(1).keyed());
    }

    @Test
    void aCombiningReduceFoldsOnThePreviousStageAndMergesPartialsOnTheReducer() throws Exception {
        JobSpec spec = Pipeline.fromStream("in", Serializers.utf8())
                .flatMap(l -> List.of(l.split(" ")), Serializers.utf8()).named("split")
                .reduce(w -> w, Combiner.<String>counting(), (w, n) -> w + " " + n, Serializers.utf8()).named("count")
                .writeToStream("out").spec();
        StageSpec split = spec.stage(0);
        assertNotNull(split.combine(), "the map side folds per key");
        assertEquals("partial(int64)", split.outputSerializer().name());
        assertEquals("partial(int64)", spec.inputSerializer(1).name());
        @SuppressWarnings("unchecked")
        Routing<Object> routing = (Routing<Object>) split.routing();
        assertEquals(Routings.<String>hash(w -> w).route("stream"),
                routing.route(new io.xtremehub.faastream.internal.combine.Partial("stream", 5L)),
                "partials go where the plain reduce sends the key's events");
        assertTrue(spec.stage(1).keyed());
        assertNull(spec.stage(1).combine());
        @SuppressWarnings("unchecked")
        Transformer<Group<Object, Object>, Object> merge = (Transformer<Group<Object, Object>, Object>) spec.stage(1).function();
        assertEquals("stream 6", merge.apply(new Group<>("stream", List.of(
                new io.xtremehub.faastream.internal.combine.Partial("stream", 5L),
                new io.xtremehub.faastream.internal.combine.Partial("stream", 1L)))));
    }

    @Test
    void aCombiningReduceRightAfterTheSourceGetsACombineStageAndRefusesACustomRouting() {
        JobSpec spec = Pipeline.fromStream("in", Serializers.int64())
                .reduce(v -> v % 3, Combiner.summing(v -> v), (k, sum) -> k + "=" + sum, Serializers.utf8())
                .writeToStream("out").spec();
        assertEquals(2, spec.stageCount());
        assertEquals("combine", spec.stage(0).name());
        assertNotNull(spec.stage(0).combine());
        String message = assertThrows(IllegalStateException.class, () -> Pipeline.fromStream("in", Serializers.utf8())
                .map(s -> s, Serializers.utf8()).named("tag").routeBy(s -> 0.5)
                .reduce(s -> s, Combiner.<String>counting(), (s, n) -> s, Serializers.utf8())).getMessage();
        assertEquals("a reduce with a combiner routes partial aggregates by the hash of their key; remove routeBy(...) "
                + "from step 'tag' or reduce without a combiner", message);
    }

    @Test
    void misuseGivesClearErrors() {
        assertEquals("the pipeline has no sink: end it with writeToStream or writeToBucket",
                assertThrows(IllegalStateException.class, () -> Pipeline.fromStream("in").spec()).getMessage());
        assertEquals("parallelism must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> Pipeline.fromStream("in").map(b -> b).parallelism(0)).getMessage());
        assertTrue(assertThrows(IllegalStateException.class,
                () -> Pipeline.fromStream("in").routeBy(b -> 0.1)).getMessage().startsWith("the pipeline has no step yet"));
        assertEquals("cannot add a step after the sink", assertThrows(IllegalStateException.class,
                () -> Pipeline.fromStream("in").writeToStream("o").map(b -> b)).getMessage());
        assertEquals("stream must not be empty",
                assertThrows(IllegalArgumentException.class, () -> Pipeline.fromStream(" ")).getMessage());
    }

    @Test
    void pipelinesWithLambdasShipToWorkersAndBack() {
        JobSpec spec = Pipeline.fromStream("in", Serializers.int64()).map(x -> x * 2, Serializers.int64())
                .writeToStream("out").spec();
        WorkerLaunch l = new WorkerLaunch("j1", "scope", "tcp://h:1", ObjectStoreConfig.of("http://s3", "us-east-1", "a", "b"),
                spec, 0, "s0w0", "j1-s0w0-0", new RuntimeSettings(Mode.BATCH, ErrorPolicy.failJob(), 1000, 100, 250, 10, null),
                List.of(), false);
        WorkerLaunch back = WorkerLaunch.decode(l.encode());
        assertEquals("j1-s0w0-0", back.workerId());
        assertEquals(StageSpec.Kind.MAP, back.spec().stage(0).kind());
    }

    @Test
    void aFunctionThatCannotBeShippedIsReportedClearly() {
        Object notSerializable = new Object();
        JobSpec spec = Pipeline.fromStream("in").map(b -> notSerializable.hashCode(), Serializers.java())
                .writeToStream("out").spec();
        WorkerLaunch l = new WorkerLaunch("j1", "scope", "tcp://h:1", ObjectStoreConfig.of(null, "us-east-1", "a", "b"),
                spec, 0, "s", "w", new RuntimeSettings(Mode.BATCH, ErrorPolicy.failJob(), 1, 1, 1, 1, null), List.of(), false);
        UncheckedIOException e = assertThrows(UncheckedIOException.class, l::encode);
        assertTrue(e.getMessage().startsWith("the pipeline cannot be shipped to workers"), e.getMessage());
    }
}
