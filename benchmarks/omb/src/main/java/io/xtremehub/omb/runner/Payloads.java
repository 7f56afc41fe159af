package io.xtremehub.omb.runner;

import io.xtremehub.omb.workload.PayloadLimits;
import io.xtremehub.omb.workload.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

/**
 * Builds message payloads whose first bytes carry the send time (epoch microseconds), the producer's
 * number and its sequence number: consumers take end-to-end latency and exactly-once checks from them.
 * The rest is the workload's body: the payload file, or zeros with random bytes in {@code randomBytesRatio}
 * of it, drawn as OMB does from a pool of {@code randomizedPayloadPoolSize} different bodies (so that
 * messages are not all alike to a compressor).
 */
final class Payloads {
    private final byte[][] templates;

    private Payloads(byte[][] templates) {
        this.templates = templates;
    }

    static Payloads of(Workload w, Path workloadDir) {
        byte[] body;
        if (w.payloadFile() != null) {
            Path file = workloadDir == null ? Path.of(w.payloadFile()) : workloadDir.resolve(w.payloadFile());
            try {
                body = Files.readAllBytes(file);
            } catch (IOException e) {
                throw new UncheckedIOException("payloadFile " + file + " cannot be read", e);
            }
            if (body.length < PayloadLimits.HEADER_BYTES) {
                body = Arrays.copyOf(body, PayloadLimits.HEADER_BYTES);
            }
            return new Payloads(new byte[][] {body});
        }
        if (!w.useRandomizedPayloads()) {
            return new Payloads(new byte[][] {new byte[w.messageSize()]});
        }
        Random random = new Random(42);
        byte[][] pool = new byte[Math.max(1, w.randomizedPayloadPoolSize())][];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = new byte[w.messageSize()];
            byte[] randomPart = new byte[(int) (w.messageSize() * w.randomBytesRatio())];
            random.nextBytes(randomPart);
            System.arraycopy(randomPart, 0, pool[i], pool[i].length - randomPart.length, randomPart.length);
        }
        return new Payloads(pool);
    }

    int size() {
        return templates[0].length;
    }

    /** The payload of a producer's message: a body of the pool, in turn, with the header written over its start. */
    byte[] next(long sendMicros, int producer, long sequence) {
        byte[] p = templates[(int) Math.floorMod(sequence + producer, (long) templates.length)].clone();
        ByteBuffer.wrap(p).putLong(sendMicros).putInt(producer).putLong(sequence);
        return p;
    }

    static long sendMicros(byte[] payload) {
        return ByteBuffer.wrap(payload).getLong(0);
    }

    static int producer(byte[] payload) {
        return ByteBuffer.wrap(payload).getInt(8);
    }

    static long sequence(byte[] payload) {
        return ByteBuffer.wrap(payload).getLong(12);
    }
}
