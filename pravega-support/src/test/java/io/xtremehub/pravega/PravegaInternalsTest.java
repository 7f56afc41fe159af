package io.xtremehub.pravega;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.ClientConfig;
import io.pravega.client.control.impl.Controller;
import io.pravega.client.segment.impl.Segment;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.Transaction;
import io.pravega.client.stream.impl.Pinger;
import io.pravega.client.stream.impl.SegmentTransaction;
import io.pravega.client.stream.impl.SegmentWithRange;
import io.pravega.client.stream.impl.StreamSegments;
import io.pravega.client.stream.impl.TransactionalEventStreamWriterImpl;
import java.lang.reflect.Constructor;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Runs what this module reaches into on the Pravega client classes themselves: a client upgrade that
 * moves or renames them fails here, by name, rather than in a job at run time.
 */
class PravegaInternalsTest {
    private static final ScheduledExecutorService EXECUTOR = Executors.newSingleThreadScheduledExecutor();
    // nothing listens there: the transactions below never call the controller
    private static final Controller CONTROLLER = Controllers.open(
            ClientConfig.builder().controllerURI(URI.create("tcp://127.0.0.1:1")).build(), 1, EXECUTOR);

    @Test
    void segmentRangesComeInKeyRangeOrder() {
        TreeMap<Double, SegmentWithRange> byUpperBound = new TreeMap<>();
        for (double[] range : new double[][] {{0.5, 1.0}, {0.0, 0.25}, {0.25, 0.5}}) {
            Segment segment = new Segment("scope", "stream", (long) (range[0] * 4));
            byUpperBound.put(range[1], new SegmentWithRange(segment, range[0], range[1]));
        }
        List<SegmentWithRange> ordered = SegmentRanges.ordered(new StreamSegments(byUpperBound));
        assertEquals(List.of(0.0, 0.25, 0.5), ordered.stream().map(s -> s.getRange().getLow()).toList());
        assertEquals(List.of(0L, 1L, 2L), ordered.stream().map(s -> s.getSegment().getSegmentId()).toList());
    }

    @Test
    void releasingATransactionClosesThisWritersSegmentTransactions() throws Exception {
        ClosingSegmentTransaction segmentTxn = new ClosingSegmentTransaction();
        Map<Segment, SegmentTransaction<String>> inner = new HashMap<>();
        inner.put(new Segment("scope", "stream", 0), segmentTxn);

        TransactionConnections.release(transaction(inner));

        assertTrue(segmentTxn.closed.get());
    }

    @Test
    void releasingATransactionOnlyLookedUpDoesNothing() throws Exception {
        TransactionConnections.release(transaction(null));
    }

    // Pravega's own transaction class, as a writer's beginTxn/getTxn makes it (with or without this
    // client's segment writers); no controller call is made
    @SuppressWarnings("unchecked")
    private static Transaction<String> transaction(Map<Segment, SegmentTransaction<String>> inner) throws Exception {
        Class<?> impl = Class.forName(TransactionalEventStreamWriterImpl.class.getName() + "$TransactionImpl");
        Stream stream = Stream.of("scope", "stream");
        if (inner == null) {
            Constructor<?> c = impl.getDeclaredConstructor(String.class, UUID.class, Controller.class, Stream.class);
            c.setAccessible(true);
            return (Transaction<String>) c.newInstance("writer", UUID.randomUUID(), CONTROLLER, stream);
        }
        Constructor<?> pinger = Pinger.class.getDeclaredConstructor(long.class, Stream.class, Controller.class,
                ScheduledExecutorService.class);
        pinger.setAccessible(true);
        Constructor<?> c = impl.getDeclaredConstructor(String.class, UUID.class, Map.class, StreamSegments.class,
                Controller.class, Stream.class, Pinger.class);
        c.setAccessible(true);
        return (Transaction<String>) c.newInstance("writer", UUID.randomUUID(), inner,
                new StreamSegments(new TreeMap<>()), CONTROLLER, stream, pinger.newInstance(30_000L, stream, CONTROLLER,
                        EXECUTOR));
    }

    @AfterAll
    static void close() {
        CONTROLLER.close();
        EXECUTOR.shutdownNow();
    }

    /** A segment's part of a transaction that only records being closed. */
    private static final class ClosingSegmentTransaction implements SegmentTransaction<String> {
        final AtomicBoolean closed = new AtomicBoolean();

        @Override
        public UUID getId() {
            return UUID.randomUUID();
        }

        @Override
        public void writeEvent(String event) {
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
            closed.set(true);
        }
    }
}
