package io.xtremehub.pravega;

import io.pravega.client.security.auth.DelegationTokenProvider;
import io.pravega.client.segment.impl.EventSegmentReader;
import io.pravega.client.segment.impl.Segment;
import io.pravega.client.segment.impl.SegmentInputStream;
import io.pravega.client.segment.impl.SegmentInputStreamFactory;
import java.util.concurrent.Semaphore;

/**
 * The client's segment input factory with every event reader's segment readers made
 * {@link SignallingSegmentReader}s; everything else (batch, byte streams, event pointers) as the client makes it.
 */
final class SignallingSegmentReaders implements SegmentInputStreamFactory {
    private final SegmentInputStreamFactory delegate;

    SignallingSegmentReaders(SegmentInputStreamFactory delegate) {
        this.delegate = delegate;
    }

    SegmentInputStreamFactory delegate() {
        return delegate;
    }

    /** The one call an event reader makes for the segments it acquires, with the semaphore it waits on. */
    @Override
    public EventSegmentReader createEventReaderForSegment(Segment segment, int bufferSize, Semaphore hasData, long endOffset) {
        EventSegmentReader reader = delegate.createEventReaderForSegment(segment, bufferSize, hasData, endOffset);
        return hasData == null ? reader : new SignallingSegmentReader(reader, hasData);
    }

    @Override
    public SegmentInputStream createInputStreamForSegment(Segment segment, DelegationTokenProvider tokenProvider) {
        return delegate.createInputStreamForSegment(segment, tokenProvider);
    }

    @Override
    public SegmentInputStream createInputStreamForSegment(Segment segment, DelegationTokenProvider tokenProvider, long startOffset) {
        return delegate.createInputStreamForSegment(segment, tokenProvider, startOffset);
    }

    @Override
    public EventSegmentReader createEventReaderForSegment(Segment segment) {
        return delegate.createEventReaderForSegment(segment);
    }

    @Override
    public EventSegmentReader createEventReaderForSegment(Segment segment, long startOffset, long endOffset) {
        return delegate.createEventReaderForSegment(segment, startOffset, endOffset);
    }

    @Override
    public EventSegmentReader createEventReaderForSegment(Segment segment, int bufferSize) {
        return delegate.createEventReaderForSegment(segment, bufferSize);
    }

    @Override
    public EventSegmentReader createEventReaderForSegment(Segment segment, long startOffset, int bufferSize) {
        return delegate.createEventReaderForSegment(segment, startOffset, bufferSize);
    }
}
