package io.xtremehub.standalone.admin;

/**
 * One active segment of a stream and the slice of the routing-key space it owns.
 *
 * @param segmentId Pravega's full segment id (epoch in the high bits)
 * @param number    the segment number, what users type to split or merge
 * @param epoch     the scale epoch that created the segment
 * @param low       inclusive lower bound of its key range in [0, 1)
 * @param high      exclusive upper bound of its key range
 */
public record SegmentRange(long segmentId, int number, int epoch, double low, double high) {
    @Override
    public String toString() {
        return String.format("segment %d (epoch %d) keys [%.4f, %.4f)", number, epoch, low, high);
    }
}
