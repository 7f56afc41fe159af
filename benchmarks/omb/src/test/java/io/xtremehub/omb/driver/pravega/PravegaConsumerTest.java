package io.xtremehub.omb.driver.pravega;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.stream.EventPointer;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.Position;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.TimeWindow;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * A reader of a dead cluster stays inside {@code readNextEvent} (Pravega 0.13 retries the write to its
 * group's state there) holding the lock {@code close} needs; an OMB run once hung for good on it.
 */
class PravegaConsumerTest {

    @Test
    void closeReturnsWhenTheReaderIsStuckInACallToADeadCluster() throws Exception {
        StuckReader reader = new StuckReader();
        PravegaConsumer consumer = new PravegaConsumer(reader, (payload) -> { }, Duration.ofMillis(100));
        reader.inRead.await();
        assertTimeoutPreemptively(Duration.ofSeconds(20), consumer::close);
        assertFalse(reader.closed, "a reader that holds its lock is not closed (close would block)");
        assertTrue(reader.interrupted, "the polling thread was interrupted");
    }

    /** Like the real reader: read and close share a lock, and the read ignores interrupts while it retries. */
    private static final class StuckReader implements EventStreamReader<byte[]> {
        final CountDownLatch inRead = new CountDownLatch(1);
        volatile boolean closed;
        volatile boolean interrupted;

        @Override
        public synchronized EventRead<byte[]> readNextEvent(long timeoutMillis) {
            inRead.countDown();
            while (true) {
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    interrupted = true; // swallowed, as a retry loop does
                }
            }
        }

        @Override
        public synchronized void close() {
            closed = true;
        }

        @Override
        public synchronized void closeAt(Position position) {
            closed = true;
        }

        @Override
        public byte[] fetchEvent(EventPointer pointer) {
            throw new UnsupportedOperationException("not read by the consumer");
        }

        @Override
        public ReaderConfig getConfig() {
            return ReaderConfig.builder().build();
        }

        @Override
        public TimeWindow getCurrentTimeWindow(Stream stream) {
            return null;
        }
    }
}
