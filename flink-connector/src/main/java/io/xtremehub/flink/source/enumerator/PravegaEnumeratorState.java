package io.xtremehub.flink.source.enumerator;

import io.pravega.client.stream.Checkpoint;
import io.pravega.client.stream.StreamCut;
import java.nio.ByteBuffer;

/**
 * What the enumerator stores in a Flink checkpoint: the reader-group checkpoint completed
 * for it (the position of every segment, aligned with the readers' Flink barriers) and, for
 * a bounded source, the stream cut where reading stops.
 *
 * @param checkpoint the serialized Pravega {@link Checkpoint}
 * @param endCut the end stream cut as text, or null for an unbounded source
 */
public record PravegaEnumeratorState(byte[] checkpoint, String endCut) {

    public static PravegaEnumeratorState of(Checkpoint checkpoint, StreamCut endCut) {
        ByteBuffer buffer = checkpoint.toBytes();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return new PravegaEnumeratorState(bytes, endCut == null ? null : endCut.asText());
    }

    public Checkpoint pravegaCheckpoint() {
        return Checkpoint.fromBytes(ByteBuffer.wrap(checkpoint));
    }

    public StreamCut endStreamCut() {
        return endCut == null ? null : StreamCut.from(endCut);
    }
}
