package io.xtremehub.faastream.internal.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.Serializers;
import io.xtremehub.faastream.SortOrder;
import io.xtremehub.faastream.internal.graph.StageSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StageProcessorSortTest {
    private static StageSpec sortStage(SortOrder<String> order) {
        return Pipeline.fromStream("in", Serializers.utf8()).map(s -> s, Serializers.utf8())
                .sortBy(order).writeToStream("out").spec().stage(1);
    }

    @Test
    void aSortStageEmitsEverythingItCollectedInOrderAndStartsOver() throws Exception {
        StageProcessor p = new StageProcessor(sortStage(SortOrder.byKey(String::length)));
        List<Object> out = new ArrayList<>();
        for (String s : List.of("ccc", "a", "dddd", "bb", "a")) {
            p.process(s, out::add);
        }
        assertEquals(List.of(), out, "nothing is emitted before the input ends");
        assertEquals(5, p.pendingGroups());
        p.emitGroups(out::add, 0);
        assertEquals(List.of("a", "a", "bb", "ccc", "dddd"), out);
        assertEquals(0, p.pendingGroups());

        out.clear();
        p.process("zz", out::add);
        p.process("y", out::add);
        p.emitGroups(out::add, 0);
        assertEquals(List.of("y", "zz"), out, "the next window is sorted on its own");
    }

    @Test
    void anOrderThatThrowsFailsTheSortWithoutAKey() throws Exception {
        StageProcessor p = new StageProcessor(sortStage((a, b) -> {
            throw new IllegalStateException("no order");
        }));
        p.process("a", e -> { });
        p.process("b", e -> { });
        StageProcessor.GroupFailure f = assertThrows(StageProcessor.GroupFailure.class, () -> p.emitGroups(e -> { }, 0));
        assertNull(f.key);
        assertEquals(2, f.size);
        assertEquals("no order", f.getCause().getMessage());
    }

    @Test
    void aByteSortTakesWholePacksAndMergesLoneEventsIntoTheSameOrder() throws Exception {
        StageSpec stage = Pipeline.fromStream("in", Serializers.bytes()).map(b -> b, Serializers.bytes())
                .sortBy(SortOrder.unsignedBytes(0, 1)).writeToStream("out").spec().stage(1);
        StageProcessor p = new StageProcessor(stage, Serializers.bytes());
        assertTrue(p.takesPacks());
        io.xtremehub.faastream.internal.wire.EventPack pack = new io.xtremehub.faastream.internal.wire.EventPack();
        pack.add(new byte[] {3});
        pack.add(new byte[] {1});
        assertEquals(2, p.processPack(pack.drain()));
        p.process(new byte[] {2}, e -> { });
        assertEquals(3, p.pendingGroups());
        List<Object> out = new ArrayList<>();
        p.emitGroups(out::add, 0);
        assertEquals(List.of(1, 2, 3), out.stream().map(b -> (int) ((byte[]) b)[0]).toList());
        assertFalse(new StageProcessor(stage, Serializers.utf8()).takesPacks(), "only raw bytes are kept packed");
        assertFalse(new StageProcessor(sortStage(SortOrder.byKey(String::length)), Serializers.bytes()).takesPacks(),
                "only an order of unsigned key bytes");
    }

    @Test
    void aByteSortsHeldRecordsSurviveAnEpochSaveAndRestoreInTheSameOrder() throws Exception {
        StageSpec stage = Pipeline.fromStream("in", Serializers.bytes()).map(b -> b, Serializers.bytes())
                .sortBy(SortOrder.unsignedBytes(0, 1)).writeToStream("out").spec().stage(1);
        StageProcessor before = new StageProcessor(stage, Serializers.bytes());
        io.xtremehub.faastream.internal.wire.EventPack pack = new io.xtremehub.faastream.internal.wire.EventPack();
        pack.add(new byte[] {5, 1});
        pack.add(new byte[] {2, 2});
        before.processPack(pack.drain());
        before.process(new byte[] {4, 3}, e -> { });
        List<Object> held = before.heldEvents();
        assertEquals(List.of(List.of(5, 1), List.of(2, 2), List.of(4, 3)), held.stream().map(b -> bytes((byte[]) b)).toList(),
                "a checkpoint saves the packed records, in arrival order");

        StageProcessor after = new StageProcessor(stage, Serializers.bytes());
        after.holdAgain(held);
        after.process(new byte[] {3, 4}, e -> { });
        List<Object> out = new ArrayList<>();
        after.emitGroups(out::add, 0);
        assertEquals(List.of(List.of(2, 2), List.of(3, 4), List.of(4, 3), List.of(5, 1)),
                out.stream().map(b -> bytes((byte[]) b)).toList(), "restored records sort with the new ones");
    }

    private static List<Integer> bytes(byte[] b) {
        List<Integer> out = new ArrayList<>();
        for (byte x : b) {
            out.add((int) x);
        }
        return out;
    }
}
