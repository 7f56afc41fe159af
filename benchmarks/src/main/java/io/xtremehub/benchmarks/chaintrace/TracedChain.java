package io.xtremehub.benchmarks.chaintrace;

import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.EventStreamWriter;
import java.util.List;

/**
 * A chain of two pass-through functions between a source and a sink stream whose events are timed at
 * every step. Step 0 is the source's write call, step 1 its acknowledgement (the flush returned), the
 * last step the sink reader's return; the steps between are the chain's own.
 */
abstract class TracedChain implements AutoCloseable {
    /** Longest one sink read blocks (FaaStream's workers and the chain benchmark read the same way). */
    static final long READ_WAKEUP_MILLIS = 20;

    /** A span between two steps that the report gives percentiles for. */
    record Interval(String name, int from, int to) {
    }

    private final EventStreamWriter<byte[]> source;
    private final EventStreamReader<byte[]> sink;
    protected volatile MarkTable table;

    TracedChain(EventStreamWriter<byte[]> source, EventStreamReader<byte[]> sink) {
        this.source = source;
        this.sink = sink;
    }

    abstract String name();

    /** The names of the steps, step 0 the source write call and the last the sink read. */
    abstract List<String> steps();

    /** The steps on the event's way, in order (acknowledgements are beside it). */
    abstract int[] path();

    abstract List<Interval> intervals();

    /** Whether the thread moves this chain's events: the sink's reader or one between the ends. */
    final boolean ownsThread(String threadName) {
        return threadName.equals(ChainTrace.sinkThread(this)) || ownsMiddleThread(threadName);
    }

    /**
     * Whether the thread is the one an event waits for once it passed the step: the reader of the next
     * function (or of the sink) that must return it.
     */
    final boolean awaited(int step, String threadName) {
        int[] path = path();
        return step == path[path.length - 2] ? threadName.equals(ChainTrace.sinkThread(this)) : readsAfter(step, threadName);
    }

    /** Whether the thread is the chain's reader that returns an event after it passed the step (not the sink's). */
    protected abstract boolean readsAfter(int step, String threadName);

    /** Names of the threads between the ends (the sampler looks at them during a stall). */
    protected abstract boolean ownsMiddleThread(String threadName);

    /** From now on marks go into this run's table. */
    void begin(MarkTable run) {
        this.table = run;
    }

    /** Writes the event and waits for its acknowledgement (flush), as a latency probe does. */
    final void send(byte[] event) {
        long seq = TracedEvent.seq(event);
        MarkTable t = table;
        long t0 = System.nanoTime();
        if (t != null) {
            t.markSent(seq, t0);
        }
        source.writeEvent(event);
        source.flush();
        long t1 = System.nanoTime();
        if (t != null) {
            t.mark(seq, 0, t0);
            t.mark(seq, 1, t1);
        }
    }

    /** The next event at the sink, with all its steps marked, or null on timeout. */
    final byte[] receive(long timeoutMillis) {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            EventRead<byte[]> e = sink.readNextEvent(Math.max(1, Math.min(READ_WAKEUP_MILLIS,
                    deadline - System.currentTimeMillis())));
            if (e.getEvent() != null) {
                long now = System.nanoTime();
                byte[] event = e.getEvent();
                MarkTable t = table;
                if (t != null) {
                    long seq = TracedEvent.seq(event);
                    copyStamps(event, t, seq);
                    t.markSink(seq, now);
                }
                return event;
            }
        }
        return null;
    }

    /** Moves the times stamped into the event by steps inside the chain into the table. */
    protected void copyStamps(byte[] event, MarkTable t, long seq) {
    }

    /** Stops what runs between the ends. */
    protected abstract void closeMiddle() throws Exception;

    @Override
    public final void close() throws Exception {
        try {
            closeMiddle();
        } finally {
            source.close();
            sink.close();
        }
    }
}
