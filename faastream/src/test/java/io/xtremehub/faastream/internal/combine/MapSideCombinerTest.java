package io.xtremehub.faastream.internal.combine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.Combiner;
import io.xtremehub.faastream.KeyFunction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MapSideCombinerTest {
    private final List<Object> emitted = new ArrayList<>();
    private final MapSideCombiner words = new MapSideCombiner((KeyFunction<String, String>) w -> w,
            Combiner.<String>counting(), emitted::add);

    @Test
    void foldsPerKeyAndEmitsOnePartialPerKeyAtEachFlush() {
        for (String w : "a b a c a b".split(" ")) {
            words.add(w);
        }
        assertTrue(emitted.isEmpty(), "nothing leaves before a flush");
        assertEquals(3, words.pendingKeys());
        words.flush();
        assertEquals(Map.of("a", 3L, "b", 2L, "c", 1L), asMap(emitted));
        words.add("a");
        words.flush();
        words.flush();
        assertEquals(new Partial("a", 1L), emitted.get(3), "a flush starts the table over");
        assertEquals(4, emitted.size());
    }

    @Test
    void aFullTableFlushesItself() {
        for (int i = 0; i < MapSideCombiner.MAX_KEYS + 10; i++) {
            words.add("w" + i);
        }
        assertEquals(MapSideCombiner.MAX_KEYS, emitted.size());
        assertEquals(10, words.pendingKeys());
    }

    @Test
    void nullKeysAndAggregatesAreRefusedWithoutLosingWhatWasFolded() {
        MapSideCombiner nullKeys = new MapSideCombiner((KeyFunction<String, String>) w -> null,
                Combiner.<String>counting(), emitted::add);
        assertEquals("the key function returned null",
                assertThrows(IllegalArgumentException.class, () -> nullKeys.add("x")).getMessage());
        MapSideCombiner nullLift = new MapSideCombiner((KeyFunction<String, String>) w -> w,
                Combiner.<String, Long>of(w -> null, Long::sum, io.xtremehub.faastream.Serializers.int64()),
                emitted::add);
        assertEquals("the combiner's lift returned null for key 'x'",
                assertThrows(IllegalArgumentException.class, () -> nullLift.add("x")).getMessage());
        MapSideCombiner nullMerge = new MapSideCombiner((KeyFunction<String, String>) w -> w,
                Combiner.<String, Long>of(w -> 1L, (a, b) -> null, io.xtremehub.faastream.Serializers.int64()),
                emitted::add);
        nullMerge.add("x");
        assertEquals("the combiner's merge returned null for key 'x'",
                assertThrows(IllegalArgumentException.class, () -> nullMerge.add("x")).getMessage());
        nullMerge.flush();
        assertEquals(List.of(new Partial("x", 1L)), emitted, "the aggregate before the bad merge is kept");
    }

    private static Map<Object, Object> asMap(List<Object> partials) {
        Map<Object, Object> m = new HashMap<>();
        for (Object o : partials) {
            Partial p = (Partial) o;
            assertEquals(null, m.put(p.key(), p.aggregate()), "one partial per key: " + p.key());
        }
        return m;
    }
}
