package io.xtremehub.flink.e2e;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import io.xtremehub.testkit.cluster.TestCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongFunction;

/**
 * Keeps appending events to a stream on its own thread until closed, so a running job always
 * has fresh input: event {@code i} is {@code eventOf.apply(i)}, routed by the text before its
 * first '-' (its key). Every event in {@link #written()} was acknowledged by Pravega.
 */
final class ContinuousWriter implements AutoCloseable {
    private static final int CHUNK = 50;

    private final EventStreamClientFactory clients;
    private final EventStreamWriter<String> writer;
    private final LongFunction<String> eventOf;
    private final List<String> written = new ArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;
    private volatile Throwable failure;

    ContinuousWriter(TestCluster pravega, String stream, LongFunction<String> eventOf) {
        this.clients = EventStreamClientFactory.withScope(TestCluster.SCOPE, pravega.clientConfig());
        this.writer = clients.createEventWriter(stream, new UTF8StringSerializer(), EventWriterConfig.builder().build());
        this.eventOf = eventOf;
        this.thread = new Thread(this::run, "continuous-writer-" + stream);
        this.thread.start();
    }

    private void run() {
        try {
            for (long i = 0; running; ) {
                List<String> chunk = new ArrayList<>(CHUNK);
                List<CompletableFuture<Void>> acks = new ArrayList<>(CHUNK);
                for (int n = 0; n < CHUNK; n++, i++) {
                    String event = eventOf.apply(i);
                    chunk.add(event);
                    acks.add(writer.writeEvent(event.split("-", 2)[0], event));
                }
                CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).join();
                synchronized (written) {
                    written.addAll(chunk);
                }
            }
        } catch (Throwable t) {
            failure = t;
        }
    }

    /** Every event written so far. */
    List<String> written() {
        synchronized (written) {
            return List.copyOf(written);
        }
    }

    /** Stops writing; {@link #written()} then holds every event of the stream. */
    @Override
    public void close() throws Exception {
        running = false;
        thread.join();
        writer.close();
        clients.close();
        if (failure != null) {
            throw new IllegalStateException("the test's writer failed: " + failure, failure);
        }
    }
}
