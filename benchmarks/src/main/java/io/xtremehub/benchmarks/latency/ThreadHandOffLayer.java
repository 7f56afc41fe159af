package io.xtremehub.benchmarks.latency;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The cost of waking a thread: the sender puts each event's send time on a blocking queue that a
 * parked thread takes from, and that thread records how long the hand-off took. A durable hop hands
 * an event from thread to thread many times (a bookie alone: network thread, journal thread, force
 * write thread, callback thread); at low rates each hand-off wakes an idle CPU, and this line says
 * what one costs on this machine.
 */
final class ThreadHandOffLayer implements LatencyLayer {
    static final String NAME = "thread hand-off (blocking queue to a parked thread)";
    private static final long STOP = Long.MIN_VALUE;

    private final BlockingQueue<long[]> queue = new LinkedBlockingQueue<>();
    private final Thread taker;
    private volatile Samples samples;

    ThreadHandOffLayer() {
        taker = new Thread(this::takeAll, "budget-hand-off");
        taker.setDaemon(true);
        taker.start();
    }

    private void takeAll() {
        try {
            for (long[] sent = queue.take(); sent[1] != STOP; sent = queue.take()) {
                samples.complete((int) sent[0], sent[1]);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, double[]> measure(int eventsPerSecond, int events) throws Exception {
        samples = new Samples(events);
        Pacer.run(eventsPerSecond, events, i -> queue.put(new long[] {i, System.nanoTime()}));
        return Map.of(NAME, samples.await(NAME, Duration.ofSeconds(60)));
    }

    @Override
    public void close() throws InterruptedException {
        queue.put(new long[] {0, STOP});
        taker.join(5_000);
    }
}
