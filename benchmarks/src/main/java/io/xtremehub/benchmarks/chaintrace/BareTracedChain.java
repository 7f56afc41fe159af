package io.xtremehub.benchmarks.chaintrace;

import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.EventStreamWriter;
import io.xtremehub.benchmarks.PravegaClients;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The floor under FaaStream's chain, as the chain benchmark builds it: each function a bare Pravega
 * reader and writer on its own thread (read in 20 ms waits, write, flush). Each function marks when
 * its read returned the event and when its write was acknowledged.
 */
final class BareTracedChain extends TracedChain {
    private static final List<String> STEPS = List.of("source write", "source ack", "f1 read", "f1 ack",
            "f2 read", "f2 ack", "sink read");
    private final String name;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final List<Thread> functions = new ArrayList<>();

    private BareTracedChain(String name, EventStreamWriter<byte[]> source, EventStreamReader<byte[]> sink) {
        super(source, sink);
        this.name = name;
    }

    /** @param wakeUp whether its readers come from a client factory with ReaderWakeUp */
    static BareTracedChain start(PravegaClients pravega, boolean wakeUp) {
        List<String> hops = new ArrayList<>();
        for (int i = 0; i <= 2; i++) {
            hops.add(pravega.stream("trace-raw", 1));
        }
        BareTracedChain chain = new BareTracedChain(wakeUp ? "pravega-raw/wake" : "pravega-raw",
                pravega.writer(hops.get(0)), pravega.reader(hops.get(2), wakeUp));
        for (int i = 0; i < 2; i++) {
            chain.function(i, pravega.reader(hops.get(i), wakeUp), pravega.writer(hops.get(i + 1)), wakeUp);
        }
        return chain;
    }

    private void function(int index, EventStreamReader<byte[]> in, EventStreamWriter<byte[]> out, boolean wakeUp) {
        int readStep = 2 + 2 * index;
        Thread t = new Thread(() -> {
            try (in; out) {
                while (!stop.get()) {
                    byte[] e = in.readNextEvent(READ_WAKEUP_MILLIS).getEvent();
                    if (e != null) {
                        long read = System.nanoTime();
                        out.writeEvent(e);
                        out.flush();
                        long acked = System.nanoTime();
                        MarkTable m = table;
                        if (m != null) {
                            long seq = TracedEvent.seq(e);
                            m.mark(seq, readStep, read);
                            m.mark(seq, readStep + 1, acked);
                        }
                    }
                }
            }
        }, "trace-" + (wakeUp ? "wake-" : "") + "f" + (index + 1));
        t.setDaemon(true);
        t.start();
        functions.add(t);
    }

    @Override
    String name() {
        return name;
    }

    @Override
    List<String> steps() {
        return STEPS;
    }

    @Override
    int[] path() {
        return new int[] {0, 2, 4, 6};
    }

    @Override
    List<Interval> intervals() {
        return List.of(new Interval("source append acknowledged", 0, 1),
                new Interval("hop 1: source write to f1 read", 0, 2),
                new Interval("f1 append acknowledged", 2, 3),
                new Interval("hop 2: f1 read to f2 read", 2, 4),
                new Interval("f2 append acknowledged", 4, 5),
                new Interval("hop 3: f2 read to sink read", 4, 6),
                new Interval("end to end", 0, 6));
    }

    @Override
    protected boolean readsAfter(int step, String threadName) {
        // after the source write function 1 reads it, after function 1's read function 2
        String prefix = name.endsWith("/wake") ? "trace-wake-f" : "trace-f";
        return threadName.equals(prefix + (step == 0 ? 1 : 2));
    }

    @Override
    protected boolean ownsMiddleThread(String threadName) {
        return threadName.startsWith(name.endsWith("/wake") ? "trace-wake-f" : "trace-f");
    }

    @Override
    protected void closeMiddle() throws InterruptedException {
        stop.set(true);
        for (Thread t : functions) {
            t.join(5_000);
        }
    }
}
