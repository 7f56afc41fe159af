package io.xtremehub.faastream.internal.worker;

import io.pravega.client.batch.SegmentIterator;
import io.pravega.client.stream.impl.ByteBufferSerializer;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.SourceSplit;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Batch mode over a source stream: reads the assigned segment ranges (head to the tail at job start)
 * with Pravega's batch client, which serves cold data from long-term storage.
 */
final class SegmentBatchInput implements StageInput {
    private final PravegaContext ctx;
    private final Deque<SourceSplit> pending;
    private final long total;
    private long done;
    private volatile SourceSplit current;
    private volatile SegmentIterator<ByteBuffer> it;

    SegmentBatchInput(PravegaContext ctx, List<SourceSplit> splits) {
        this.ctx = ctx;
        this.pending = new ArrayDeque<>(splits);
        this.total = splits.stream().mapToLong(SourceSplit::length).sum();
    }

    @Override
    public InputItem next(long timeoutMillis) {
        while (true) {
            if (it == null) {
                current = pending.poll();
                if (current == null) {
                    return null;
                }
                it = ctx.batch().readSegment(current.segment(), new ByteBufferSerializer());
            }
            if (!it.hasNext()) {
                it.close();
                it = null;
                done += current.length();
                continue;
            }
            long offset = it.getOffset();
            ByteBuffer b = it.next();
            byte[] payload = new byte[b.remaining()];
            b.get(payload);
            return InputItem.event(payload, -1, "segment " + current.segment().getSegmentId() + " offset ", offset);
        }
    }

    @Override
    public boolean exhausted() {
        return it == null && pending.isEmpty();
    }

    @Override
    public long bytesRead() {
        // called from the telemetry side: read the fields once, they may change underneath
        SegmentIterator<ByteBuffer> i = it;
        SourceSplit c = current;
        return i == null || c == null ? done : done + Math.max(0, i.getOffset() - c.start());
    }

    @Override
    public long bytesTotal() {
        return total;
    }

    @Override
    public void close() {
        if (it != null) {
            it.close();
        }
    }
}
