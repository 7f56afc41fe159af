package io.xtremehub.pravega;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.segment.impl.EventSegmentReader;
import io.pravega.client.segment.impl.HeldReads;
import io.pravega.client.segment.impl.Segment;
import io.pravega.client.segment.impl.SegmentInputStreamFactoryImpl;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import org.junit.jupiter.api.Test;

/**
 * The lost wake-up of a Pravega 0.13 event reader, replayed step by step on the client's own segment
 * reader: {@code EventStreamReaderImpl.readNextEvent} asks a segment without data to fill its buffer,
 * then waits on a semaphore that the socket thread releases when a reply arrives. Here the reply's
 * permit comes first and the read completes after it, the order a fast reply produces when it beats the
 * clientInternal threads that chain the read's futures (seen in a thread dump of a stalled reader: the
 * read complete with 2 KB of events, no permit, the reader parked in its one-second wait).
 */
class ReaderWakeUpTest {
    private static final Segment SEGMENT = new Segment("scope", "stream", 0);
    private static final byte[] EVENT = "event".getBytes(StandardCharsets.UTF_8);

    @Test
    void theClientsOwnSegmentReaderLeavesTheReaderAsleepWithTheEventInHand() throws Exception {
        Semaphore hasData = new Semaphore(0);
        HeldReads network = new HeldReads(SEGMENT);
        EventSegmentReader segment = network.eventSegmentReader();

        replayTheRace(segment, hasData, network);

        // this is the defect: the event is there, and nothing will wake the reader for it
        assertTrue(segment.isSegmentReady());
        assertFalse(hasData.tryAcquire(), "Pravega's own reader now signals completed reads: drop ReaderWakeUp");
    }

    @Test
    void aSignallingSegmentReaderWakesTheReaderWhenTheReadCompletes() throws Exception {
        Semaphore hasData = new Semaphore(0);
        HeldReads network = new HeldReads(SEGMENT);
        EventSegmentReader segment = new SignallingSegmentReaders(new HeldReadsFactory(network))
                .createEventReaderForSegment(SEGMENT, 1024, hasData, Long.MAX_VALUE);

        replayTheRace(segment, hasData, network);

        assertTrue(hasData.tryAcquire(), "the completed read released a permit");
        assertTrue(segment.isSegmentReady());
        ByteBuffer event = segment.read(0);
        byte[] bytes = new byte[event.remaining()];
        event.get(bytes);
        assertArrayEquals(EVENT, bytes);
    }

    @Test
    void aReadTheReaderLooksAtManyTimesReleasesOnePermit() throws Exception {
        Semaphore hasData = new Semaphore(0);
        HeldReads network = new HeldReads(SEGMENT);
        EventSegmentReader segment = new SignallingSegmentReaders(new HeldReadsFactory(network))
                .createEventReaderForSegment(SEGMENT, 1024, hasData, Long.MAX_VALUE);
        for (int i = 0; i < 3; i++) { // an idle reader's turns: each fills, finds nothing and waits
            assertFalse(segment.isSegmentReady());
            segment.fillBuffer();
        }
        assertEquals(1, network.outstanding());

        network.answerWithEvent(EVENT);

        assertEquals(1, hasData.drainPermits(), "one permit per completed read");
        segment.fillBuffer(); // moves the event into the buffer and asks for the next read, not answered: no permit
        assertEquals(0, hasData.availablePermits());
        assertTrue(segment.isSegmentReady());
    }

    @Test
    void installingOnAFactoryReplacesItsSegmentInputs() {
        try (EventStreamClientFactory clients = EventStreamClientFactory.withScope("scope",
                io.pravega.client.ClientConfig.builder().controllerURI(java.net.URI.create("tcp://127.0.0.1:1")).build())) {
            assertFalse(ReaderWakeUp.isInstalled(clients));
            assertTrue(ReaderWakeUp.isInstalled(ReaderWakeUp.install(clients)));
            assertTrue(ReaderWakeUp.isInstalled(ReaderWakeUp.install(clients)), "installing twice keeps one wrapper");
        }
    }

    /**
     * The steps of {@code readNextEventInternal} with one segment at its tail: no data, fill, wait;
     * the reply's permit arrives before the read completes; the reader takes the permit, drains, looks
     * again (still nothing), fills again and is about to wait when the read completes.
     */
    private static void replayTheRace(EventSegmentReader segment, Semaphore hasData, HeldReads network) throws Exception {
        assertFalse(segment.isSegmentReady());
        segment.fillBuffer();
        assertEquals(1, network.outstanding());

        hasData.release(); // the socket thread: a reply arrived
        assertTrue(hasData.tryAcquire()); // blockFor returns at once
        hasData.drainPermits();
        assertFalse(segment.isSegmentReady(), "the read is not complete yet");
        segment.fillBuffer();

        network.answerWithEvent(EVENT); // a clientInternal thread completes the read
    }

    /** The client's segment input factory, with the event readers reading through held reads. */
    private static final class HeldReadsFactory extends SegmentInputStreamFactoryImpl {
        private final HeldReads network;

        HeldReadsFactory(HeldReads network) {
            super(null, null);
            this.network = network;
        }

        @Override
        public EventSegmentReader createEventReaderForSegment(Segment segment, int bufferSize, Semaphore hasData, long endOffset) {
            return network.eventSegmentReader();
        }
    }
}
