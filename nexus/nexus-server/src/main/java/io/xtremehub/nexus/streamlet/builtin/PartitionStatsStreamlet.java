package io.xtremehub.nexus.streamlet.builtin;

import io.xtremehub.nexus.api.ByteObserver;
import io.xtremehub.nexus.api.Operation;
import io.xtremehub.nexus.api.Persistent;
import io.xtremehub.nexus.api.StreamletContext;
import io.xtremehub.nexus.api.StreamletInfo;
import io.xtremehub.nexus.api.StreamletType;
import io.xtremehub.nexus.api.Streams;
import java.io.InputStream;

/**
 * A stateful streamlet that keeps, per stream partition, how many chunks and bytes were tiered,
 * and labels each chunk with its sequence number in its partition ({@code chunk-seq}) and the
 * partition's byte offset before it ({@code partition-offset}), stored with the object. Its state
 * lives in {@link Persistent} fields: Nexus gives each partition its own instance and keeps the
 * fields in the metadata store, and partition-aware routing keeps them consistent across the
 * workers of a swarmlet. It only observes bytes.
 */
@StreamletInfo(name = "partition-stats", on = Operation.PUT, type = StreamletType.SEMANTIC, stateful = true)
public final class PartitionStatsStreamlet implements ByteObserver {
    @Persistent
    private long chunks;
    @Persistent
    private long bytes;

    @Override
    public InputStream processPutBytes(InputStream original, StreamletContext context) {
        long seq = chunks + 1;
        long offset = bytes;
        context.put("chunk-seq", Long.toString(seq));
        context.put("partition-offset", Long.toString(offset));
        long[] counted = new long[1];
        context.onCommit(() -> {
            chunks = seq;
            bytes = offset + counted[0];
        });
        return Streams.counted(original, n -> counted[0] = n);
    }
}
