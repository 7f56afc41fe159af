package io.xtremehub.faastream.internal.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.internal.wire.EventPack;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PackedRecordSortTest {
    private static byte[] pack(List<byte[]> records) {
        EventPack p = new EventPack();
        records.forEach(p::add);
        return p.drain();
    }

    @Test
    void recordsOfManyPacksComeOutInKeyOrderWithEqualKeysInArrivalOrder() {
        Random rnd = new Random(3);
        List<byte[]> all = new ArrayList<>();
        PackedRecordSort sort = new PackedRecordSort(2, 10);
        for (int p = 0; p < 7; p++) {
            List<byte[]> records = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                byte[] r = new byte[20];
                rnd.nextBytes(r);
                if (i % 3 == 0) {
                    // keys that tie on their first eight bytes (the prefix) and differ after it, or not at all
                    Arrays.fill(r, 2, 10, (byte) 0x80);
                    r[10] = (byte) (i % 2);
                    r[11] = 0;
                }
                records.add(r);
            }
            all.addAll(records);
            assertEquals(500, sort.add(pack(records)));
        }
        sort.addRecord(all.get(0).clone());
        all.add(all.get(0).clone());
        assertEquals(all.size(), sort.size());

        List<byte[]> out = new ArrayList<>();
        sort.emitSorted(out::add);
        List<byte[]> expected = new ArrayList<>(all);
        // a stable sort by the key bytes alone: equal keys keep their arrival order
        expected.sort((a, b) -> Arrays.compareUnsigned(a, 2, 12, b, 2, 12));
        assertEquals(expected.size(), out.size());
        for (int i = 0; i < out.size(); i++) {
            assertArrayEquals(expected.get(i), out.get(i), "record " + i);
        }
        assertEquals(0, sort.size(), "emitting starts over");
    }

    @Test
    void shortKeysSortAsIfPaddedWithZeros() {
        PackedRecordSort sort = new PackedRecordSort(0, 2);
        sort.add(pack(List.of(new byte[] {5, 1, 9}, new byte[] {(byte) 0xff, 0}, new byte[] {5, 0, 7})));
        List<byte[]> out = new ArrayList<>();
        sort.emitSorted(out::add);
        assertArrayEquals(new byte[] {5, 0, 7}, out.get(0));
        assertArrayEquals(new byte[] {5, 1, 9}, out.get(1));
        assertArrayEquals(new byte[] {(byte) 0xff, 0}, out.get(2), "unsigned: 0xff sorts last");
    }

    @Test
    void aRecordShorterThanTheKeyIsRejectedWithItsNumber() {
        PackedRecordSort sort = new PackedRecordSort(0, 10);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> sort.add(pack(List.of(new byte[10], new byte[4]))));
        assertTrue(e.getMessage().contains("record 2 has 4 bytes"), e.getMessage());
    }

    @Test
    void aTruncatedPackIsRejected() {
        byte[] body = pack(List.of(new byte[12], new byte[12]));
        PackedRecordSort sort = new PackedRecordSort(0, 10);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> sort.add(Arrays.copyOf(body, body.length - 3)));
        assertTrue(e.getMessage().startsWith("truncated pack"), e.getMessage());
    }
}
