package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RoutingsTest {
    @Test
    void hashRoutingIsConsistentAndSpreadsKeys() {
        Routing<String> r = Routings.hash(s -> s);
        int[] buckets = new int[4];
        for (int i = 0; i < 4000; i++) {
            String k = "word" + i;
            double v = r.route(k);
            assertEquals(v, r.route(new String(k)));
            assertTrue(v >= 0 && v < 1);
            buckets[Routings.partitionOf(v, 4)]++;
        }
        for (int b : buckets) {
            assertTrue(b > 800 && b < 1200, Arrays.toString(buckets));
        }
    }

    @Test
    void rangeRoutingPutsEachKeyInItsBoundsPartition() {
        Routing<String> r = Routings.range(s -> s, List.of("g", "n", "t"));
        assertEquals(0, Routings.partitionOf(r.route("a"), 4));
        assertEquals(1, Routings.partitionOf(r.route("g"), 4));
        assertEquals(1, Routings.partitionOf(r.route("m"), 4));
        assertEquals(2, Routings.partitionOf(r.route("n"), 4));
        assertEquals(3, Routings.partitionOf(r.route("zz"), 4));
    }

    @Test
    void rangeBoundsMustBeSorted() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Routings.range((String s) -> s, List.of("n", "g")));
        assertTrue(e.getMessage().startsWith("range bounds must be sorted ascending"), e.getMessage());
    }

    @Test
    void sampledQuantilesBalancePartitions() {
        Random rnd = new Random(5);
        List<Integer> sample = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            sample.add((int) Math.abs(rnd.nextGaussian() * 1000));
        }
        Routing<Integer> r = Routings.sampledRange(x -> x, sample, 4);
        int[] counts = new int[4];
        for (int x : sample) {
            counts[Routings.partitionOf(r.route(x), 4)]++;
        }
        for (int c : counts) {
            assertTrue(c > 200 && c < 300, Arrays.toString(counts));
        }
    }

    @Test
    void lexicographicRoutingPreservesUnsignedByteOrder() {
        Random rnd = new Random(9);
        Routing<byte[]> r = Routings.lexicographic(b -> b);
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            byte[] k = new byte[10];
            rnd.nextBytes(k);
            keys.add(k);
        }
        keys.sort(Arrays::compareUnsigned);
        for (int i = 1; i < keys.size(); i++) {
            assertTrue(r.route(keys.get(i - 1)) <= r.route(keys.get(i)));
            assertTrue(r.route(keys.get(i)) < 1.0);
        }
    }
}
