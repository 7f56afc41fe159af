package io.xtremehub.benchmarks.autoscaler;

import java.util.BitSet;
import java.util.concurrent.atomic.LongAdder;
import org.apache.flink.api.common.functions.MapFunction;

/**
 * The job's last operator and the benchmark's probe: burns {@code workMicros} of simulated
 * processing time per event (parked, not spinning: on a 2-core machine spinning could never
 * show what more task managers buy), then records the event once. Events carry
 * {@code key:seq:writtenMillis}; each key's sequence numbers seen so far are kept, so an event
 * replayed after a restart is neither counted nor timed twice. Sequence numbers, not arrival
 * order: after a stream scale, a key's last events from a sealed segment and its first from the
 * successor come through different readers and the shuffle may swap them. Static state: the
 * MiniCluster runs in the benchmark's JVM.
 */
final class ProcessedEvents implements MapFunction<String, String> {
    static final int KEYS = 64;
    private static final BitSet[] SEEN = new BitSet[KEYS];
    static final LongAdder COUNT = new LongAdder();
    static final LatencyRecorder LAG = new LatencyRecorder();

    static {
        reset();
    }

    private final long workNanos;
    private long owed;

    ProcessedEvents(long workMicros) {
        this.workNanos = workMicros * 1000;
    }

    static void reset() {
        for (int i = 0; i < KEYS; i++) {
            SEEN[i] = new BitSet();
        }
        COUNT.reset();
        LAG.reset();
    }

    @Override
    public String map(String event) {
        owed += workNanos;
        if (owed >= 1_000_000) {
            long start = System.nanoTime();
            java.util.concurrent.locks.LockSupport.parkNanos(owed);
            owed -= System.nanoTime() - start;
        }
        int a = event.indexOf(':');
        int b = event.indexOf(':', a + 1);
        int key = Integer.parseInt(event.substring(1, a));
        long seq = Long.parseLong(event.substring(a + 1, b));
        long written = Long.parseLong(event.substring(b + 1));
        if (firstTime(key, (int) seq)) {
            COUNT.increment();
            LAG.record(System.currentTimeMillis() - written);
        }
        return event;
    }

    private static boolean firstTime(int key, int seq) {
        BitSet seen = SEEN[key];
        synchronized (seen) {
            if (seen.get(seq)) {
                return false;
            }
            seen.set(seq);
            return true;
        }
    }
}
