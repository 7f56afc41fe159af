package io.xtremehub.omb.driver.pravega;

import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.ReinitializationRequiredException;
import io.xtremehub.omb.driver.BenchmarkConsumer;
import io.xtremehub.omb.driver.ConsumerCallback;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One reader of a reader group, polled by its own thread until closed. */
final class PravegaConsumer implements BenchmarkConsumer {
    private static final Logger LOG = LoggerFactory.getLogger(PravegaConsumer.class);
    private final EventStreamReader<byte[]> reader;
    private final Thread thread;
    private final Duration stopWait;
    private volatile boolean running = true;

    PravegaConsumer(EventStreamReader<byte[]> reader, ConsumerCallback callback) {
        this(reader, callback, Duration.ofSeconds(10));
    }

    /** {@code stopWait}: how long {@link #close} waits for the polling thread to return, twice at most. */
    PravegaConsumer(EventStreamReader<byte[]> reader, ConsumerCallback callback, Duration stopWait) {
        this.reader = reader;
        this.stopWait = stopWait;
        this.thread = new Thread(() -> poll(callback), "omb-pravega-reader");
        thread.setDaemon(true);
        thread.start();
    }

    private void poll(ConsumerCallback callback) {
        while (running) {
            try {
                // short: a reader at the tail can sleep out its whole wait with an event there (Pravega 0.13)
                EventRead<byte[]> read = reader.readNextEvent(20);
                if (read.getEvent() != null) {
                    callback.messageReceived(read.getEvent());
                }
            } catch (ReinitializationRequiredException e) {
                LOG.error("reader {} was removed from its group; it stops", reader, e);
                return;
            } catch (RuntimeException e) {
                if (running) {
                    LOG.warn("read failed; retrying", e);
                }
            }
        }
    }

    /**
     * Stops polling and closes the reader. A reader whose cluster died can be stuck inside
     * {@code readNextEvent}, retrying a write to its group's state while holding the lock that
     * {@code close} needs: it is interrupted, and if it still does not return it is left behind
     * (a daemon thread) so the run can report and stop the cluster instead of hanging.
     */
    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join(stopWait.toMillis());
        if (thread.isAlive()) {
            thread.interrupt();
            thread.join(stopWait.toMillis());
        }
        if (thread.isAlive()) {
            LOG.warn("reader {} is stuck in a call to its cluster; left unclosed", reader);
            return;
        }
        reader.close();
    }
}
