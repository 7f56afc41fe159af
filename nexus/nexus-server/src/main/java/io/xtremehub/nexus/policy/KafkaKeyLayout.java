package io.xtremehub.nexus.policy;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Object keys written by Kafka tiered storage (KIP-405) through the Aiven S3 remote storage manager.
 *
 * <p>Each remote log segment is stored as
 * {@code <prefix><topic>-<topicId>/<partition>/<20-digit base offset>-<segmentId>.<suffix>} where
 * the suffix is {@code log} for the segment data and {@code indexes} (or the older {@code index},
 * {@code timeindex}, {@code snapshot}, {@code txnindex}, {@code leader-epoch-checkpoint}) and
 * {@code rsm-manifest} for the index and manifest objects. Only {@code .log} objects are chunks of
 * stream data; the rest is the broker's metadata and passes through.
 */
public final class KafkaKeyLayout implements KeyLayout {
    private static final Pattern SEGMENT = Pattern.compile(
            "^(?:.*/)?(?<topic>[^/]+)-(?<topicId>[A-Za-z0-9_-]{22})/(?<partition>\\d+)/\\d{20}-[A-Za-z0-9_-]+\\.log$");

    @Override
    public Optional<ChunkId> classify(String key) {
        Matcher m = SEGMENT.matcher(key);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new ChunkId(m.group("topic"), m.group("partition")));
    }
}
