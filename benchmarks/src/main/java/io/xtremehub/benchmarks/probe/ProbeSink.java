package io.xtremehub.benchmarks.probe;

import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Reads a job's sink stream on a thread of its own and accounts for every probe event: which
 * sequence numbers came out (and how many came out more than once), how long after it was due each
 * first arrived, and how many arrived in each second of the run.
 */
public final class ProbeSink implements AutoCloseable {
    private final EventStreamReader<byte[]> reader;
    private final long startNanos;
    private final BitSet seen = new BitSet();
    /** Time from due to first arrival, by sequence number (NaN: not arrived). */
    private double[] latencyMillis = new double[1024];
    private final List<Integer> perSecond = new ArrayList<>();
    private final Thread thread;
    private long unique;
    private long duplicates;
    private long lastArrivalNanos;
    private volatile boolean stopping;
    private volatile Exception failure;

    /**
     * @param startNanos {@code System.nanoTime()} of the run's start: due times count from it
     */
    public ProbeSink(EventStreamReader<byte[]> reader, long startNanos) {
        this.reader = reader;
        this.startNanos = startNanos;
        this.thread = new Thread(this::read, "probe-sink");
        thread.setDaemon(true);
        thread.start();
    }

    private void read() {
        try {
            while (!stopping) {
                EventRead<byte[]> r = reader.readNextEvent(200);
                if (r.getEvent() != null) {
                    arrived(r.getEvent(), System.nanoTime());
                }
            }
        } catch (Exception e) {
            failure = e;
        }
    }

    private synchronized void arrived(byte[] event, long now) {
        int seq = Math.toIntExact(ProbeEvent.sequence(event));
        if (seen.get(seq)) {
            duplicates++;
            return;
        }
        seen.set(seq);
        unique++;
        lastArrivalNanos = now;
        if (seq >= latencyMillis.length) {
            int old = latencyMillis.length;
            latencyMillis = Arrays.copyOf(latencyMillis, Math.max(seq + 1, old * 2));
        }
        latencyMillis[seq] = (now - startNanos - ProbeEvent.dueNanos(event)) / 1e6;
        int second = (int) ((now - startNanos) / 1_000_000_000L);
        while (perSecond.size() <= second) {
            perSecond.add(0);
        }
        perSecond.set(second, perSecond.get(second) + 1);
    }

    /**
     * Waits until events {@code 0..expected-1} have all arrived.
     *
     * @return false when some had not within {@code timeout}
     */
    public boolean awaitAll(long expected, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (failure != null) {
                throw new IllegalStateException("reading the sink failed: " + failure.getMessage(), failure);
            }
            if (arrivedCount(expected) == expected) {
                return true;
            }
            Thread.sleep(100);
        }
        return arrivedCount(expected) == expected;
    }

    /** How many of events {@code 0..expected-1} arrived so far. */
    public synchronized long arrivedCount(long expected) {
        return seen.get(0, Math.toIntExact(expected)).cardinality();
    }

    public synchronized long unique() {
        return unique;
    }

    public synchronized long duplicates() {
        return duplicates;
    }

    /** Seconds from the run's start to the last first arrival. */
    public synchronized double lastArrivalSeconds() {
        return unique == 0 ? Double.NaN : (lastArrivalNanos - startNanos) / 1e9;
    }

    /** Time from due to first arrival of every event arrived so far. */
    public synchronized double[] latencies() {
        return latencies(0, latencyMillis.length);
    }

    /** Time from due to first arrival of the events numbered {@code from} to {@code to - 1} that arrived. */
    public synchronized double[] latencies(long from, long to) {
        double[] out = new double[(int) Math.max(0, to - from)];
        int n = 0;
        for (int i = seen.nextSetBit((int) from); i >= 0 && i < to; i = seen.nextSetBit(i + 1)) {
            out[n++] = latencyMillis[i];
        }
        return Arrays.copyOf(out, n);
    }

    /** Events first arriving in each second of the run so far. */
    public synchronized int[] perSecond() {
        return perSecond.stream().mapToInt(Integer::intValue).toArray();
    }

    @Override
    public void close() throws InterruptedException {
        stopping = true;
        thread.join(5_000);
        reader.close();
    }
}
