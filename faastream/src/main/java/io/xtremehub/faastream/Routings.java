package io.xtremehub.faastream;

import io.xtremehub.faastream.internal.routing.MurmurHash3;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Built-in {@link Routing}s: consistent hashing of a key (MurmurHash3) for group-by and reduce,
 * and order-preserving routings for sorting, so that segment i only holds keys below those of
 * segment i+1.
 */
public final class Routings {
    private Routings() {
    }

    /**
     * Consistent hashing: MurmurHash3 of the key's string form (UTF-8), as a fraction. Every event
     * with the same key lands in the same segment, so a reducer sees whole key groups.
     */
    public static <T> Routing<T> hash(KeyFunction<? super T, ?> key) {
        Objects.requireNonNull(key, "key");
        return event -> MurmurHash3.unitValue(keyBytes(key.keyOf(event)));
    }

    /**
     * Order-preserving routing over explicit split points: keys below {@code bounds[0]} go to
     * partition 0, keys in {@code [bounds[i-1], bounds[i])} to partition i, and so on; with
     * {@code bounds.size() + 1} equal segments, segment i holds exactly partition i.
     */
    public static <T, K extends Comparable<? super K>> Routing<T> range(KeyFunction<? super T, K> key,
                                                                         List<K> bounds) {
        Objects.requireNonNull(key, "key");
        List<K> sorted = new ArrayList<>(bounds);
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i - 1).compareTo(sorted.get(i)) > 0) {
                throw new IllegalArgumentException("range bounds must be sorted ascending; bound " + i
                        + " (" + sorted.get(i) + ") is below bound " + (i - 1) + " (" + sorted.get(i - 1) + ")");
            }
        }
        int partitions = sorted.size() + 1;
        return event -> {
            K k = key.keyOf(event);
            int idx = Collections.binarySearch(sorted, k);
            // keys equal to a bound belong to the partition that bound opens
            int partition = idx >= 0 ? upperEqual(sorted, idx) + 1 : -idx - 1;
            return (partition + 0.5) / partitions;
        };
    }

    /**
     * Order-preserving routing whose split points are the quantiles of a sample of keys, so that
     * each of {@code partitions} equal segments receives about the same share of events.
     */
    public static <T, K extends Comparable<? super K>> Routing<T> sampledRange(KeyFunction<? super T, K> key,
                                                                                List<K> sample, int partitions) {
        return range(key, quantiles(sample, partitions));
    }

    /** The {@code partitions - 1} split points dividing a sample into equal shares. */
    public static <K extends Comparable<? super K>> List<K> quantiles(List<K> sample, int partitions) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be at least 1, got " + partitions);
        }
        if (sample.isEmpty() && partitions > 1) {
            throw new IllegalArgumentException("cannot compute quantiles of an empty sample");
        }
        List<K> sorted = new ArrayList<>(sample);
        Collections.sort(sorted);
        List<K> bounds = new ArrayList<>();
        for (int i = 1; i < partitions; i++) {
            bounds.add(sorted.get((int) ((long) i * sorted.size() / partitions)));
        }
        return bounds;
    }

    /**
     * Order-preserving routing of binary keys without any bounds: the first seven bytes read as an
     * unsigned fraction. Suited to uniformly distributed keys such as TeraSort's.
     */
    public static <T> Routing<T> lexicographic(KeyFunction<? super T, byte[]> key) {
        Objects.requireNonNull(key, "key");
        return event -> {
            byte[] k = key.keyOf(event);
            long v = 0;
            for (int i = 0; i < 7; i++) {
                v = (v << 8) | (i < k.length ? (k[i] & 0xff) : 0);
            }
            return v / (double) (1L << 56);
        };
    }

    private static <K> int upperEqual(List<K> sorted, int idx) {
        int i = idx;
        while (i + 1 < sorted.size() && sorted.get(i + 1).equals(sorted.get(idx))) {
            i++;
        }
        return i;
    }

    static byte[] keyBytes(Object key) {
        if (key instanceof byte[] b) {
            return b;
        }
        return String.valueOf(key).getBytes(StandardCharsets.UTF_8);
    }

    /** Helper for tests and tools: the partition index a routing value falls into. */
    public static int partitionOf(double value, int partitions) {
        return Math.min(partitions - 1, (int) Math.floor(value * partitions));
    }

    static String describe(List<?> bounds) {
        return Arrays.toString(bounds.toArray());
    }
}
