package io.xtremehub.standalone;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.impl.ByteArraySerializer;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Test helper: one writer sending fixed-size events into a stream as fast as the cluster answers,
 * with at most {@code inFlight} events unanswered. Each event starts with its sequence number, then
 * half random bytes and half zeros (compressible as real payloads are, so LTS's zstd has work to do).
 */
final class MaxRateWriter {
    /** What a run did: events sent, the sequence numbers acknowledged, writes failed, and whether it stalled. */
    record Result(int sent, BitSet acked, long failed, boolean stalled, Duration elapsed) {
        long sentBytes(int eventBytes) {
            return (long) sent * eventBytes;
        }
    }

    private final EventStreamClientFactory clients;
    private final String stream;
    private final int eventBytes;
    private final int inFlight;
    private final Duration stallAfter;

    /** {@code stallAfter}: writing gives up once no write was answered for this long. */
    MaxRateWriter(EventStreamClientFactory clients, String stream, int eventBytes, int inFlight, Duration stallAfter) {
        this.clients = clients;
        this.stream = stream;
        this.eventBytes = eventBytes;
        this.inFlight = inFlight;
        this.stallAfter = stallAfter;
    }

    /**
     * Writes until {@code done} says so, the writes stall, or {@code bytes} were sent, then waits (up
     * to the stall time) for the answers to every event sent. The writer is not closed: against a
     * dead cluster its close would wait for ever for unanswered events.
     */
    Result write(long bytes, BooleanSupplier done) throws InterruptedException {
        BitSet acked = new BitSet();
        AtomicLong failed = new AtomicLong();
        AtomicLong lastAnswer = new AtomicLong(System.nanoTime());
        Semaphore window = new Semaphore(inFlight);
        byte[] noise = new byte[eventBytes / 2];
        ThreadLocalRandom.current().nextBytes(noise);
        EventStreamWriter<byte[]> writer = clients.createEventWriter(stream, new ByteArraySerializer(),
                EventWriterConfig.builder().build());
        long start = System.nanoTime();
        int sent = 0;
        while ((long) sent * eventBytes < bytes && !done.getAsBoolean() && !stalled(lastAnswer)) {
            if (!window.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                continue;
            }
            int seq = sent++;
            writer.writeEvent("k" + (seq % 16), event(seq, noise)).whenComplete((v, e) -> {
                if (e == null) {
                    synchronized (acked) {
                        acked.set(seq);
                    }
                } else {
                    failed.incrementAndGet();
                }
                lastAnswer.set(System.nanoTime());
                window.release();
            });
        }
        while (window.availablePermits() < inFlight && !stalled(lastAnswer)) {
            Thread.sleep(50);
        }
        boolean stalled = window.availablePermits() < inFlight;
        synchronized (acked) {
            return new Result(sent, (BitSet) acked.clone(), failed.get(), stalled,
                    Duration.ofNanos(System.nanoTime() - start));
        }
    }

    private boolean stalled(AtomicLong lastAnswer) {
        return System.nanoTime() - lastAnswer.get() > stallAfter.toNanos();
    }

    private byte[] event(int seq, byte[] noise) {
        ByteBuffer b = ByteBuffer.allocate(eventBytes);
        b.putInt(seq).put(noise);
        return b.array();
    }

    /** The sequence number an event of this writer starts with. */
    static int sequenceOf(byte[] event) {
        return ByteBuffer.wrap(event).getInt();
    }
}
