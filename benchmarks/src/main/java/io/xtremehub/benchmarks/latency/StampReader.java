package io.xtremehub.benchmarks.latency;

import io.pravega.client.stream.EventStreamReader;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Polls a reader on a thread of its own with a given {@code readNextEvent} timeout, the setting
 * under test, and hands every event to a consumer. A failed read stops it: the run then reports
 * the events it did not see.
 */
final class StampReader implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StampReader.class);

    private final EventStreamReader<byte[]> reader;
    private final long timeoutMillis;
    private volatile boolean running;
    private Thread thread;

    StampReader(EventStreamReader<byte[]> reader, long timeoutMillis) {
        this.reader = reader;
        this.timeoutMillis = timeoutMillis;
    }

    void start(Consumer<byte[]> events) {
        running = true;
        thread = new Thread(() -> {
            while (running) {
                try {
                    byte[] event = reader.readNextEvent(timeoutMillis).getEvent();
                    if (event != null) {
                        events.accept(event);
                    }
                } catch (RuntimeException e) {
                    LOG.error("budget reader stopped: {}", e.toString(), e);
                    return;
                }
            }
        }, "budget-reader");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops polling, within one timeout. */
    void stop() throws InterruptedException {
        running = false;
        thread.join();
    }

    @Override
    public void close() {
        reader.close();
    }
}
