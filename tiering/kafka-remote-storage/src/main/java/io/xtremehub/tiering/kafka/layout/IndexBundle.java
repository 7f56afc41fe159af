package io.xtremehub.tiering.kafka.layout;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.server.log.remote.storage.RemoteStorageManager.IndexType;

/**
 * Where each index of a segment sits in its {@code .indexes} object. The object is the
 * concatenation, in {@link IndexType} declaration order, of the indexes the segment has (offset,
 * time, producer snapshot, transaction if any, leader epoch checkpoint), with nothing between them;
 * this bundle records each one's byte range, and travels in the segment's manifest.
 */
public final class IndexBundle {
    /**
     * The byte range of one index inside the {@code .indexes} object.
     *
     * @param position first byte
     * @param length number of bytes (may be 0: an empty index)
     */
    public record Range(long position, long length) {
        /** Validates. */
        public Range {
            if (position < 0 || length < 0) {
                throw new IllegalArgumentException("index range " + position + "+" + length + " is negative");
            }
        }
    }

    private final Map<IndexType, Range> ranges;

    private IndexBundle(Map<IndexType, Range> ranges) {
        this.ranges = ranges;
    }

    /** A bundle of the given ranges. */
    public static IndexBundle of(Map<IndexType, Range> ranges) {
        EnumMap<IndexType, Range> copy = new EnumMap<>(IndexType.class);
        copy.putAll(ranges);
        return new IndexBundle(copy);
    }

    /** Where the index is, or empty if the segment has none of that type (only the transaction index is optional). */
    public Optional<Range> range(IndexType type) {
        return Optional.ofNullable(ranges.get(type));
    }

    /** Every range, by index type. */
    public Map<IndexType, Range> ranges() {
        return new EnumMap<>(ranges);
    }

    /** Total length of the {@code .indexes} object. */
    public long totalLength() {
        return ranges.values().stream().mapToLong(Range::length).sum();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IndexBundle other && ranges.equals(other.ranges);
    }

    @Override
    public int hashCode() {
        return ranges.hashCode();
    }

    @Override
    public String toString() {
        return "IndexBundle" + ranges;
    }
}
