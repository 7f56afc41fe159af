package io.xtremehub.tiering.kafka;

import io.xtremehub.tiering.loglines.LogLines;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.server.log.remote.storage.LogSegmentData;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentId;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadata;

/** Segment files and their metadata as the broker hands them to a remote storage manager. */
final class Segments {
    private Segments() {
    }

    /** Metadata of a new segment of partition 3 of topic {@code topic}, starting at {@code startOffset}. */
    static RemoteLogSegmentMetadata metadata(String topic, long startOffset, int size) {
        TopicIdPartition tp = new TopicIdPartition(Uuid.randomUuid(), 3, topic);
        return new RemoteLogSegmentMetadata(new RemoteLogSegmentId(tp, Uuid.randomUuid()), startOffset,
                startOffset + 999, System.currentTimeMillis(), 0, System.currentTimeMillis(), size, Map.of(0, startOffset));
    }

    /** Files of a segment: log lines of about {@code logBytes}, random indexes, with or without a transaction index. */
    static LogSegmentData files(Path dir, int logBytes, boolean transactionIndex) throws IOException {
        Files.createDirectories(dir);
        StringBuilder log = new StringBuilder();
        LogLines lines = new LogLines(logBytes);
        while (log.length() < logBytes) {
            log.append(lines.next()).append('\n');
        }
        Path logFile = Files.writeString(dir.resolve("00000000000000001000.log"), log);
        Random random = new Random(logBytes);
        return new LogSegmentData(logFile, write(dir, "offset", 4096, random), write(dir, "time", 6144, random),
                transactionIndex ? Optional.of(write(dir, "txn", 340, random)) : Optional.empty(),
                write(dir, "snapshot", 93, random), ByteBuffer.wrap(bytes(27, random)));
    }

    private static Path write(Path dir, String name, int size, Random random) throws IOException {
        return Files.write(dir.resolve("00000000000000001000." + name), bytes(size, random));
    }

    static byte[] bytes(int size, Random random) {
        byte[] b = new byte[size];
        random.nextBytes(b);
        return b;
    }
}
