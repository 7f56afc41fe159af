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
 * The rest is the workload's body: the payload file, random bytes in {@code randomBytesRatio}, or zeros.
 */
final class Payloads {
    private final byte[] template;

    private Payloads(byte[] template) {
        this.template = template;
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
        } else {
            body = new byte[w.messageSize()];
            double ratio = w.useRandomizedPayloads() ? w.randomBytesRatio() : 0;
            byte[] random = new byte[(int) (body.length * ratio)];
            new Random(42).nextBytes(random);
            System.arraycopy(random, 0, body, body.length - random.length, random.length);
        }
        return new Payloads(body);
    }

    int size() {
        return template.length;
    }

    byte[] next(long sendMicros, int producer, long sequence) {
        byte[] p = template.clone();
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
