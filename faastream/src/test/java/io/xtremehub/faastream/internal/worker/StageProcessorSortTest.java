package io.xtremehub.faastream.internal.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
        p.emitGroups(out::add);
        assertEquals(List.of("a", "a", "bb", "ccc", "dddd"), out);
        assertEquals(0, p.pendingGroups());

        out.clear();
        p.process("zz", out::add);
        p.process("y", out::add);
        p.emitGroups(out::add);
        assertEquals(List.of("y", "zz"), out, "the next window is sorted on its own");
    }

    @Test
    void anOrderThatThrowsFailsTheSortWithoutAKey() throws Exception {
        StageProcessor p = new StageProcessor(sortStage((a, b) -> {
            throw new IllegalStateException("no order");
        }));
        p.process("a", e -> { });
        p.process("b", e -> { });
        StageProcessor.GroupFailure f = assertThrows(StageProcessor.GroupFailure.class, () -> p.emitGroups(e -> { }));
        assertNull(f.key);
        assertEquals(2, f.size);
        assertEquals("no order", f.getCause().getMessage());
    }
}
