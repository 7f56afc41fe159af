package io.xtremehub.tiering.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.policy.ChunkId;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.tiering.kafka.layout.IndexBundle;
import io.xtremehub.tiering.kafka.layout.SegmentKeys;
import io.xtremehub.tiering.kafka.layout.SegmentManifest;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentId;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadata;
import org.apache.kafka.server.log.remote.storage.RemoteStorageManager.IndexType;
import org.junit.jupiter.api.Test;

class SegmentLayoutTest {
    private static final Uuid TOPIC_ID = Uuid.fromString("JUnKRNU7Sxq-x99SLaNLaQ");
    private static final Uuid SEGMENT_ID = Uuid.fromString("AYd5Y6cISg2gHJgv_Yp1HA");

    @Test
    void keysFollowTheAivenLayout() {
        RemoteLogSegmentMetadata segment = new RemoteLogSegmentMetadata(new RemoteLogSegmentId(
                new TopicIdPartition(TOPIC_ID, 7, "web-logs"), SEGMENT_ID), 123_456, 200_000, 0, 0, 0, 1024,
                Map.of(0, 123_456L));
        SegmentKeys keys = SegmentKeys.of("prod/", segment);
        String base = "prod/web-logs-JUnKRNU7Sxq-x99SLaNLaQ/7/00000000000000123456-AYd5Y6cISg2gHJgv_Yp1HA";
        assertEquals(base + ".log", keys.log());
        assertEquals(base + ".indexes", keys.indexes());
        assertEquals(base + ".rsm-manifest", keys.manifest());
        // Nexus' Kafka policies see the records as a chunk of web-logs/7 and the rest as metadata
        assertEquals(new ChunkId("web-logs", "7"), SystemType.KAFKA.layout().classify(keys.log()).orElseThrow());
        assertTrue(SystemType.KAFKA.layout().classify(keys.indexes()).isEmpty());
        assertTrue(SystemType.KAFKA.layout().classify(keys.manifest()).isEmpty());
    }

    @Test
    void theManifestReadsBackWhatWasWritten() {
        SegmentManifest manifest = new SegmentManifest(1_048_321, IndexBundle.of(Map.of(
                IndexType.OFFSET, new IndexBundle.Range(0, 2048), IndexType.TIMESTAMP, new IndexBundle.Range(2048, 3072),
                IndexType.PRODUCER_SNAPSHOT, new IndexBundle.Range(5120, 0),
                IndexType.LEADER_EPOCH, new IndexBundle.Range(5120, 27))));
        SegmentManifest read = SegmentManifest.parse(manifest.toBytes());
        assertEquals(manifest, read);
        assertTrue(read.indexes().range(IndexType.TRANSACTION).isEmpty());
        assertTrue(new String(manifest.toBytes(), StandardCharsets.UTF_8).startsWith("format=1\nlog.size=1048321\n"));
    }

    @Test
    void aManifestOfAnotherFormatOrMalformedIsRefusedWithOneLine() {
        IllegalArgumentException newer = assertThrows(IllegalArgumentException.class,
                () -> SegmentManifest.parse("format=2\nlog.size=1\n".getBytes(StandardCharsets.UTF_8)));
        assertTrue(newer.getMessage().contains("format=2"), newer.getMessage());
        IllegalArgumentException broken = assertThrows(IllegalArgumentException.class,
                () -> SegmentManifest.parse("format=1\nlog.size=1\nindex.OFFSET=12\n".getBytes(StandardCharsets.UTF_8)));
        assertTrue(broken.getMessage().startsWith("segment manifest has a malformed"), broken.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> SegmentManifest.parse("format=1\n".getBytes(StandardCharsets.UTF_8)));
    }
}
