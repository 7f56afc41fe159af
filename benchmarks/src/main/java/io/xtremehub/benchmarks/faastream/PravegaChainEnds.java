package io.xtremehub.benchmarks.faastream;

import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.EventStreamWriter;

/**
 * The two ends of a chain whose first and last hops are Pravega streams: events are written (and
 * flushed, one at a time, as a latency probe does) to the first and read from the last.
 */
final class PravegaChainEnds implements Transports.Chain {
    /** Longest one read of the chain's end blocks (FaaStream's workers read the same way). */
    static final long READ_WAKEUP_MILLIS = 20;

    private final EventStreamWriter<byte[]> source;
    private final EventStreamReader<byte[]> sink;
    private final AutoCloseable middle;

    /** @param middle what else to stop when the chain closes, before its ends are closed */
    PravegaChainEnds(EventStreamWriter<byte[]> source, EventStreamReader<byte[]> sink, AutoCloseable middle) {
        this.source = source;
        this.sink = sink;
        this.middle = middle;
    }

    @Override
    public void send(byte[] event) {
        source.writeEvent(event);
        source.flush();
    }

    @Override
    public byte[] receive(long timeoutMillis) {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            // short waits in a loop: a Pravega 0.13 reader at the tail can sleep out its whole wait
            // (up to 1 s) with the event already there, which would be charged to the chain measured
            EventRead<byte[]> e = sink.readNextEvent(Math.max(1, Math.min(READ_WAKEUP_MILLIS,
                    deadline - System.currentTimeMillis())));
            if (e.getEvent() != null) {
                return e.getEvent();
            }
        }
        return null;
    }

    @Override
    public void close() throws Exception {
        try {
            middle.close();
        } finally {
            source.close();
            sink.close();
        }
    }
}
