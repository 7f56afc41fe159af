package io.xtremehub.autoscaler.e2e;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A load generator at a settable rate: events {@code k<key>:<seq>} over a fixed set of routing
 * keys, each key with its own gap-free sequence, so a reader can check every key's order and
 * that nothing is missing or repeated. Rate 0 pauses it.
 */
final class KeyedLoad implements AutoCloseable {
    private final EventStreamClientFactory clients;
    private final EventStreamWriter<String> writer;
    private final long[] next;
    private final AtomicLong written = new AtomicLong();
    private final AtomicReference<Double> rate = new AtomicReference<>(0.0);
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread thread;
    private volatile boolean running = true;

    KeyedLoad(ClientConfig client, String scope, String stream, int keys) {
        this.clients = EventStreamClientFactory.withScope(scope, client);
        this.writer = clients.createEventWriter(stream, new UTF8StringSerializer(), EventWriterConfig.builder().build());
        this.next = new long[keys];
        this.thread = new Thread(this::run, "keyed-load");
        thread.setDaemon(true);
        thread.start();
    }

    void rate(double eventsPerSecond) {
        rate.set(eventsPerSecond);
    }

    long written() {
        return written.get();
    }

    private void run() {
        long start = System.nanoTime();
        double due = 0;
        int key = 0;
        while (running) {
            try {
                double r = rate.get();
                long now = System.nanoTime();
                due += r * (now - start) / 1e9;
                start = now;
                if (due < 1) {
                    writer.flush();
                    Thread.sleep(20);
                    continue;
                }
                while (due >= 1) {
                    String event = "k" + key + ":" + next[key]++;
                    writer.writeEvent("k" + key, event);
                    written.incrementAndGet();
                    key = (key + 1) % next.length;
                    due--;
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                failure.set(e);
                return;
            }
        }
    }

    /** Stops writing, flushes and fails if a write failed; a second call does nothing. */
    @Override
    public void close() throws Exception {
        if (!running) {
            return;
        }
        running = false;
        thread.join(30_000);
        writer.flush();
        writer.close();
        clients.close();
        if (failure.get() != null) {
            throw new AssertionError("the load generator failed", failure.get());
        }
    }
}
