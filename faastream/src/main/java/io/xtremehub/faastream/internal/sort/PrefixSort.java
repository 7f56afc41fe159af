package io.xtremehub.faastream.internal.sort;

import io.xtremehub.faastream.SortOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Sorts events by an order with a numeric prefix: each event's prefix, cut short to leave room for
 * its index, goes into one {@code long}; the longs are sorted as plain numbers (no comparator call
 * per comparison), and only runs whose cut prefixes tie are sorted with the full order.
 */
public final class PrefixSort {
    private PrefixSort() {
    }

    public static <T> List<T> sort(List<T> events, SortOrder<? super T> order) {
        int n = events.size();
        if (n < 2) {
            return events;
        }
        int indexBits = 64 - Long.numberOfLeadingZeros(n - 1);
        long indexMask = (1L << indexBits) - 1;
        long[] packed = new long[n];
        for (int i = 0; i < n; i++) {
            long cut = order.prefix(events.get(i)) & ~indexMask;
            // flip the sign bit so that signed order is the prefixes' unsigned order
            packed[i] = (cut | i) ^ Long.MIN_VALUE;
        }
        Arrays.sort(packed);
        List<T> out = new ArrayList<>(n);
        int start = 0;
        while (start < n) {
            long cut = packed[start] & ~indexMask;
            int end = start + 1;
            while (end < n && (packed[end] & ~indexMask) == cut) {
                end++;
            }
            if (end - start == 1) {
                out.add(events.get((int) (packed[start] & indexMask)));
            } else {
                List<T> tie = new ArrayList<>(end - start);
                for (int k = start; k < end; k++) {
                    tie.add(events.get((int) (packed[k] & indexMask)));
                }
                tie.sort(order);
                out.addAll(tie);
            }
            start = end;
        }
        return out;
    }
}
