package io.xtremehub.faastream.internal.sort;

import io.xtremehub.faastream.internal.wire.EventPack;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Sorts binary records by unsigned key bytes while they stay in the pack bodies they arrived in
 * ({@link EventPack}). A sorter keeping millions of records as objects of their own made every young
 * garbage collection copy all of them (18 of 104 s of a 1 GB sort were collector pauses); a few big
 * pack arrays and two {@code long}s per record are not copied. Each record's key prefix is taken as
 * its pack arrives, so the work at the end is one sort of plain numbers; only records whose cut
 * prefixes tie are compared by their full keys.
 */
public final class PackedRecordSort {
    private final int keyOffset;
    private final int keyLength;
    private final List<byte[]> packs = new ArrayList<>();
    /** Per record: the first eight key bytes as an unsigned number. */
    private long[] prefixes = new long[1024];
    /** Per record: its pack's index (high 32 bits) and the offset of its length field in the pack. */
    private long[] locations = new long[1024];
    private int count;

    /** Records ordered by their unsigned bytes {@code [keyOffset, keyOffset + keyLength)}. */
    public PackedRecordSort(int keyOffset, int keyLength) {
        this.keyOffset = keyOffset;
        this.keyLength = keyLength;
    }

    /** Records kept so far. */
    public int size() {
        return count;
    }

    /**
     * Keeps a pack body's records (the body itself, not copies).
     *
     * @return the number of records the pack held
     * @throws IllegalArgumentException if the body is malformed or a record ends before its key does
     */
    public int add(byte[] body) {
        int packIndex = packs.size();
        int pos = 0;
        int added = 0;
        while (pos < body.length) {
            int len = EventPack.lengthAt(body, pos);
            if (len < keyOffset + keyLength) {
                throw new IllegalArgumentException("record " + (count + 1) + " has " + len
                        + " bytes, but the sort key ends at byte " + (keyOffset + keyLength));
            }
            ensureRoom();
            prefixes[count] = prefix(body, pos + 4 + keyOffset);
            locations[count] = (long) packIndex << 32 | pos;
            count++;
            added++;
            pos += 4 + len;
        }
        if (added > 0) {
            packs.add(body);
        }
        return added;
    }

    /** Keeps one record that came on its own (copied into a pack of one). */
    public void addRecord(byte[] record) {
        byte[] body = new byte[4 + record.length];
        ByteBuffer.wrap(body).putInt(record.length).put(record);
        add(body);
    }

    /** Hands every record kept, in key order (equal keys in arrival order), to {@code emit}; then starts over. */
    public void emitSorted(Consumer<byte[]> emit) {
        int n = count;
        int[] order = order(n);
        for (int i = 0; i < n; i++) {
            emit.accept(record(order[i]));
        }
        packs.clear();
        prefixes = new long[1024];
        locations = new long[1024];
        count = 0;
    }

    /** Hands a copy of every record kept, in arrival order (what an exactly-once checkpoint saves). */
    public void forEachRecord(Consumer<byte[]> each) {
        for (int i = 0; i < count; i++) {
            each.accept(record(i));
        }
    }

    /** Record indexes in key order: the cut prefixes sorted as numbers, ties sorted by full key. */
    private int[] order(int n) {
        int[] order = new int[n];
        if (n == 0) {
            return order;
        }
        int indexBits = Math.max(1, 64 - Long.numberOfLeadingZeros(n - 1));
        long indexMask = (1L << indexBits) - 1;
        long[] packed = new long[n];
        for (int i = 0; i < n; i++) {
            // flip the sign bit so that signed order is the prefixes' unsigned order
            packed[i] = ((prefixes[i] & ~indexMask) | i) ^ Long.MIN_VALUE;
        }
        Arrays.sort(packed);
        int start = 0;
        while (start < n) {
            long cut = packed[start] & ~indexMask;
            int end = start + 1;
            while (end < n && (packed[end] & ~indexMask) == cut) {
                end++;
            }
            for (int k = start; k < end; k++) {
                order[k] = (int) (packed[k] & indexMask);
            }
            if (end - start > 1) {
                sortTie(order, start, end);
            }
            start = end;
        }
        return order;
    }

    /** Sorts {@code order[from, to)} (in arrival order already) by full key, stably. */
    private void sortTie(int[] order, int from, int to) {
        Integer[] tie = new Integer[to - from];
        for (int k = from; k < to; k++) {
            tie[k - from] = order[k];
        }
        Arrays.sort(tie, this::compareKeys);
        for (int k = from; k < to; k++) {
            order[k] = tie[k - from];
        }
    }

    private int compareKeys(int a, int b) {
        byte[] pa = packs.get((int) (locations[a] >>> 32));
        byte[] pb = packs.get((int) (locations[b] >>> 32));
        int ka = (int) locations[a] + 4 + keyOffset;
        int kb = (int) locations[b] + 4 + keyOffset;
        return Arrays.compareUnsigned(pa, ka, ka + keyLength, pb, kb, kb + keyLength);
    }

    private byte[] record(int i) {
        byte[] pack = packs.get((int) (locations[i] >>> 32));
        int pos = (int) locations[i];
        int len = EventPack.lengthAt(pack, pos);
        return Arrays.copyOfRange(pack, pos + 4, pos + 4 + len);
    }

    /** The first eight key bytes at {@code from}; bytes past the key count as zero, as in the full order. */
    private long prefix(byte[] body, int from) {
        long p = 0;
        for (int i = 0; i < 8; i++) {
            p = (p << 8) | (i < keyLength ? body[from + i] & 0xff : 0);
        }
        return p;
    }

    private void ensureRoom() {
        if (count == prefixes.length) {
            prefixes = Arrays.copyOf(prefixes, count * 2);
            locations = Arrays.copyOf(locations, count * 2);
        }
    }
}
