package io.xtremehub.benchmarks.latency;

import io.pravega.client.stream.EventStreamReader;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Polls a reader on a thread of its own with a given {@code readNextEvent} timeout, the setting
 * under test, and hands every event to a consumer. It counts the polls that returned no event.
 */
final class StampReader implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StampReader.class);

    private final EventStreamReader<byte[]> reader;
    private final long timeoutMillis;
    private volatile boolean running;
    private volatile long emptyPolls;
    private Thread thread;

    StampReader(EventStreamReader<byte[]> reader, long timeoutMillis) {
        this.reader = reader;
        this.timeoutMillis = timeoutMillis;
    }

    void start(Consumer<byte[]> events) {
        running = true;
        emptyPolls = 0;
        thread = new Thread(() -> {
            while (running) {
                try {
                    byte[] event = reader.readNextEvent(timeoutMillis).getEvent();
                    if (event != null) {
                        events.accept(event);
                    } else {
                        emptyPolls++;
                    }
                } catch (RuntimeException e) {
                    LOG.warn("read failed", e);
                }
            }
        }, "budget-reader");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops polling (within one timeout) and returns how many polls came back empty. */
    long stop() throws InterruptedException {
        running = false;
        thread.join();
        return emptyPolls;
    }

    @Override
    public void close() {
        reader.close();
    }
}
