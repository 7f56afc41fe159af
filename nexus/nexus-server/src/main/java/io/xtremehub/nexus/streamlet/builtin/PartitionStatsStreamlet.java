package io.xtremehub.nexus.streamlet.builtin;

import io.xtremehub.nexus.api.ByteStreamlet;
import io.xtremehub.nexus.api.Operation;
import io.xtremehub.nexus.api.Persistent;
import io.xtremehub.nexus.api.StreamletContext;
import io.xtremehub.nexus.api.StreamletInfo;
import io.xtremehub.nexus.api.StreamletType;
import java.io.FilterInputStream;
import java.io.IOException;
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
public final class PartitionStatsStreamlet implements ByteStreamlet {
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
        return new FilterInputStream(original) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    counted[0]++;
                }
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n > 0) {
                    counted[0] += n;
                }
                return n;
            }
        };
    }

    @Override
    public InputStream processGetBytes(InputStream stored, StreamletContext context) {
        return stored;
    }

    @Override
    public boolean preservesBytes() {
        return true;
    }
}
