package io.xtremehub.tiering.kafka.layout;

import java.util.List;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadata;

/**
 * The object keys of one remote log segment, in the layout the Aiven S3 plugin writes (so Nexus
 * policies and bucket lifecycle rules written for it match ours):
 * {@code <prefix><topic>-<topicId>/<partition>/<start offset, 20 digits>-<segmentId>.<suffix>},
 * ids in Kafka's base64 form. The suffix is {@code log} for the segment's records, {@code indexes}
 * for all its indexes in one object and {@code rsm-manifest} for the manifest written last.
 *
 * @param log key of the segment's records
 * @param indexes key of the segment's indexes
 * @param manifest key of the segment's manifest
 */
public record SegmentKeys(String log, String indexes, String manifest) {
    /** The keys of a segment under {@code prefix}. */
    public static SegmentKeys of(String prefix, RemoteLogSegmentMetadata segment) {
        TopicIdPartition tp = segment.topicIdPartition();
        String base = prefix + tp.topic() + "-" + tp.topicId() + "/" + tp.partition() + "/"
                + String.format("%020d", segment.startOffset()) + "-" + segment.remoteLogSegmentId().id();
        return new SegmentKeys(base + ".log", base + ".indexes", base + ".rsm-manifest");
    }

    /** Every key, in the order they are deleted: the manifest first, so a half-deleted segment is not readable. */
    public List<String> all() {
        return List.of(manifest, log, indexes);
    }
}
