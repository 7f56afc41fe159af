package io.xtremehub.benchmarks.autoscaler;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import org.apache.flink.api.common.functions.MapFunction;

/**
 * The job's last operator and the benchmark's probe: burns {@code workMicros} of simulated
 * processing time per event (parked, not spinning: on a 2-core machine spinning could never
 * show what more task managers buy), then records the event once. Events carry
 * {@code key:seq:writtenMillis}; a key's sequence only grows, so an event replayed after a
 * restart is recognised and neither counted nor timed twice. Static state: the MiniCluster runs
 * in the benchmark's JVM.
 */
final class ProcessedEvents implements MapFunction<String, String> {
    static final int KEYS = 64;
    static final AtomicLongArray NEXT = new AtomicLongArray(KEYS);
    static final LongAdder COUNT = new LongAdder();
    static final LatencyRecorder LAG = new LatencyRecorder();

    private final long workNanos;
    private long owed;

    ProcessedEvents(long workMicros) {
        this.workNanos = workMicros * 1000;
    }

    static void reset() {
        for (int i = 0; i < KEYS; i++) {
            NEXT.set(i, 0);
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
        if (NEXT.compareAndSet(key, seq, seq + 1)) {
            COUNT.increment();
            LAG.record(System.currentTimeMillis() - written);
        }
        return event;
    }
}
