package io.xtremehub.standalone;

import static org.junit.jupiter.api.Assertions.assertFalse;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.impl.ByteArraySerializer;
import java.time.Duration;
import java.util.BitSet;

/** Test helper: reads back the events of a {@link MaxRateWriter} by their sequence numbers. */
final class SequenceReader {
    private SequenceReader() {
    }

    /**
     * Reads through {@code group} until every expected event arrived or {@code quiet} passed without
     * any event; fails on an event read twice. Returns the sequence numbers read.
     */
    static BitSet readAll(EventStreamClientFactory clients, String group, BitSet expected, Duration quiet) {
        BitSet read = new BitSet();
        long lastProgress = System.nanoTime();
        try (EventStreamReader<byte[]> reader = clients.createReader("r1", group, new ByteArraySerializer(),
                ReaderConfig.builder().build())) {
            while (read.cardinality() < expected.cardinality()) {
                EventRead<byte[]> e = reader.readNextEvent(500);
                if (e.getEvent() != null) {
                    int seq = MaxRateWriter.sequenceOf(e.getEvent());
                    assertFalse(read.get(seq), "event " + seq + " read twice");
                    read.set(seq);
                    lastProgress = System.nanoTime();
                } else if (System.nanoTime() - lastProgress > quiet.toNanos()) {
                    break;
                }
            }
        }
        return read;
    }
}
