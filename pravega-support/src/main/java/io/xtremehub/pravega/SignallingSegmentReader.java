package io.xtremehub.pravega;

import io.pravega.client.segment.impl.EndOfSegmentException;
import io.pravega.client.segment.impl.EventSegmentReader;
import io.pravega.client.segment.impl.Segment;
import io.pravega.client.segment.impl.SegmentTruncatedException;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

/**
 * A segment reader of an event reader that wakes the event reader when its outstanding read has
 * completed, not merely when a reply arrived.
 *
 * <p>The Pravega 0.13 client wakes a reader waiting in {@code readNextEvent} by releasing a permit
 * when a reply comes off the socket, and the reader then checks whether its segment's outstanding
 * read is complete. That read is the end of a chain of futures that clientInternal threads are
 * still building when a fast reply arrives, so the permit can come before the read the reader looks
 * at is complete: the reader takes the permit, finds nothing, and sleeps out its whole wait with the
 * data in hand. The event reader asks each segment that has no data to {@link #fillBuffer()} just
 * before it waits, and gets that very read back; a permit released by the read's own completion
 * comes after the read is complete, whatever the threads do.
 */
final class SignallingSegmentReader implements EventSegmentReader {
    private final EventSegmentReader delegate;
    private final Semaphore hasData;
    // the outstanding read already watched: one callback per read, not per fillBuffer call
    private CompletableFuture<?> watched;

    SignallingSegmentReader(EventSegmentReader delegate, Semaphore hasData) {
        this.delegate = delegate;
        this.hasData = hasData;
    }

    @Override
    public CompletableFuture<?> fillBuffer() {
        CompletableFuture<?> outstanding = delegate.fillBuffer();
        synchronized (this) {
            if (outstanding != watched) {
                watched = outstanding;
                outstanding.whenComplete((reply, failure) -> {
                    // the client answers "no read outstanding" with a completed null: nothing arrived then
                    if (reply != null || failure != null) {
                        hasData.release();
                    }
                });
            }
        }
        return outstanding;
    }

    @Override
    public Segment getSegmentId() {
        return delegate.getSegmentId();
    }

    @Override
    public void setOffset(long offset, boolean resendRequest) {
        delegate.setOffset(offset, resendRequest);
    }

    @Override
    public long getOffset() {
        return delegate.getOffset();
    }

    @Override
    public ByteBuffer read(long firstByteTimeoutMillis) throws EndOfSegmentException, SegmentTruncatedException {
        return delegate.read(firstByteTimeoutMillis);
    }

    @Override
    public boolean isSegmentReady() {
        return delegate.isSegmentReady();
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public String toString() {
        return "SignallingSegmentReader(" + delegate + ")";
    }
}
