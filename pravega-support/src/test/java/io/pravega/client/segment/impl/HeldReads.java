package io.pravega.client.segment.impl;

import io.netty.buffer.Unpooled;
import io.pravega.shared.protocol.netty.WireCommandType;
import io.pravega.shared.protocol.netty.WireCommands.SegmentRead;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;

/**
 * Test access, from inside the client's package, to the client's own segment reader
 * ({@code EventSegmentReaderImpl} over {@code SegmentInputStreamImpl}) reading through this
 * stand-in for the network: each read stays outstanding until the test answers it, so a test can
 * put a reply's arrival and the read's completion in the order it wants.
 */
public final class HeldReads extends AsyncSegmentInputStream {
    private final Deque<CompletableFuture<SegmentRead>> pending = new ArrayDeque<>();
    private final Deque<Long> offsets = new ArrayDeque<>();
    private boolean closed;

    public HeldReads(Segment segment) {
        super(segment);
    }

    /** The client's event segment reader from offset 0, reading through this. */
    public EventSegmentReader eventSegmentReader() {
        return SegmentInputStreamFactoryImpl.getEventSegmentReader(this, 0, Long.MAX_VALUE, SegmentInputStreamImpl.DEFAULT_BUFFER_SIZE);
    }

    @Override
    public synchronized CompletableFuture<SegmentRead> read(long offset, int length) {
        CompletableFuture<SegmentRead> read = new CompletableFuture<>();
        pending.add(read);
        offsets.add(offset);
        return read;
    }

    /** How many reads are waiting for an answer. */
    public synchronized int outstanding() {
        return pending.size();
    }

    /** Completes the oldest outstanding read with one event holding {@code payload}. */
    public void answerWithEvent(byte[] payload) {
        CompletableFuture<SegmentRead> read;
        long offset;
        synchronized (this) {
            read = pending.remove();
            offset = offsets.remove();
        }
        ByteBuffer wire = ByteBuffer.allocate(8 + payload.length);
        wire.putInt(WireCommandType.EVENT.getCode()).putInt(payload.length).put(payload).flip();
        read.complete(new SegmentRead(segmentId.getScopedName(), offset, true, false, Unpooled.wrappedBuffer(wire), 1L));
    }

    @Override
    public synchronized void close() {
        closed = true;
    }

    @Override
    public synchronized boolean isClosed() {
        return closed;
    }
}
