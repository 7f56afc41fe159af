package io.xtremehub.faastream.internal.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.xtremehub.faastream.SortOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PrefixSortTest {
    private static List<byte[]> records(int n, int keyBytes, int alphabet, long seed) {
        Random rnd = new Random(seed);
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byte[] r = new byte[keyBytes + 4];
            for (int k = 0; k < keyBytes; k++) {
                // a small alphabet makes prefixes tie often, so the full order must break the ties
                r[k] = (byte) (rnd.nextInt(alphabet) * (256 / alphabet));
            }
            r[keyBytes] = (byte) i;
            r[keyBytes + 1] = (byte) (i >> 8);
            out.add(r);
        }
        return out;
    }

    private static void assertSortedLikeTheComparator(List<byte[]> in, SortOrder<byte[]> order) {
        List<byte[]> expected = new ArrayList<>(in);
        expected.sort(order);
        List<byte[]> got = PrefixSort.sort(new ArrayList<>(in), order);
        assertEquals(in.size(), got.size());
        for (int i = 0; i < got.size(); i++) {
            assertEquals(0, order.compare(expected.get(i), got.get(i)), "position " + i);
        }
        // every record once: same multiset
        List<String> a = new ArrayList<>(in.stream().map(Arrays::toString).toList());
        List<String> b = new ArrayList<>(got.stream().map(Arrays::toString).toList());
        a.sort(null);
        b.sort(null);
        assertEquals(a, b);
    }

    @Test
    void tenByteKeysWithManyTiesComeOutInTheFullOrder() {
        assertSortedLikeTheComparator(records(50_000, 10, 4, 1), SortOrder.unsignedBytes(0, 10));
        assertSortedLikeTheComparator(records(50_000, 10, 256, 2), SortOrder.unsignedBytes(0, 10));
    }

    @Test
    void keysShorterThanThePrefixAndKeysAtAnOffset() {
        assertSortedLikeTheComparator(records(5_000, 3, 8, 3), SortOrder.unsignedBytes(0, 3));
        assertSortedLikeTheComparator(records(5_000, 12, 16, 4), SortOrder.unsignedBytes(2, 9));
    }

    @Test
    void emptyAndSingleListsAreReturnedAsTheyAre() {
        List<byte[]> none = new ArrayList<>();
        assertSame(none, PrefixSort.sort(none, SortOrder.unsignedBytes(0, 1)));
        List<byte[]> one = new ArrayList<>(List.of(new byte[] {1}));
        assertSame(one, PrefixSort.sort(one, SortOrder.unsignedBytes(0, 1)));
    }
}
