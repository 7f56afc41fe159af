package io.xtremehub.tiering.kafka.layout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.server.log.remote.storage.LogSegmentData;
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

    /**
     * The {@code .indexes} object of a segment and where each index is in it.
     *
     * @param bundle where each index is
     * @param bytes the object
     */
    public record Packed(IndexBundle bundle, byte[] bytes) {
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

    /** Packs the indexes of a segment as the broker hands them over into one {@code .indexes} object. */
    public static Packed pack(LogSegmentData data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        EnumMap<IndexType, Range> ranges = new EnumMap<>(IndexType.class);
        for (IndexType type : IndexType.values()) {
            byte[] bytes = switch (type) {
                case OFFSET -> Files.readAllBytes(data.offsetIndex());
                case TIMESTAMP -> Files.readAllBytes(data.timeIndex());
                case PRODUCER_SNAPSHOT -> Files.readAllBytes(data.producerSnapshotIndex());
                case TRANSACTION -> data.transactionIndex().isPresent()
                        ? Files.readAllBytes(data.transactionIndex().get()) : null; // the only optional one
                case LEADER_EPOCH -> bytes(data.leaderEpochIndex());
            };
            if (bytes != null) {
                ranges.put(type, new Range(out.size(), bytes.length));
                out.write(bytes);
            }
        }
        return new Packed(new IndexBundle(ranges), out.toByteArray());
    }

    private static byte[] bytes(ByteBuffer buffer) {
        ByteBuffer b = buffer.duplicate();
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return bytes;
    }

    /** Where the index is, or empty if the segment has none of that type (only the transaction index is optional). */
    public Optional<Range> range(IndexType type) {
        return Optional.ofNullable(ranges.get(type));
    }

    /** Every range, by index type. */
    public Map<IndexType, Range> ranges() {
        return new EnumMap<>(ranges);
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
