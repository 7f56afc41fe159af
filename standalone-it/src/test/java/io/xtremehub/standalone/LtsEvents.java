package io.xtremehub.standalone;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Test helper: a fixed, seeded set of keyed events of very different sizes, and the bytes
 * Pravega stores for a sequence of them in a segment.
 */
final class LtsEvents {
    /** Pravega's event framing (WireCommands.Event): type code 0, then the payload length, both 4-byte big-endian. */
    static final int EVENT_TYPE = 0;
    static final int HEADER_BYTES = 8;
    private static final byte[] ALPHABET = "abcdefghijklmnop".getBytes(StandardCharsets.US_ASCII);

    private LtsEvents() {
    }

    /** One event: its routing key, its position among that key's events, and its payload. */
    record Event(String key, int seq, byte[] payload) {
        /** The event as it lies in a segment: header followed by the payload. */
        byte[] framed() {
            return ByteBuffer.allocate(HEADER_BYTES + payload.length)
                    .putInt(EVENT_TYPE).putInt(payload.length).put(payload).array();
        }
    }

    /**
     * {@code count} events over {@code keys} routing keys: mostly small, every fifth tens of KB, every
     * fiftieth larger than {@code bigBytes} so it straddles chunk boundaries. A payload starts with
     * {@code key-<k>/<seq>;} and goes on with letters from a 16-letter alphabet: random enough to be
     * real data, compressible enough that zstd shows.
     */
    static List<Event> generate(int count, int keys, int bigBytes, long seed) {
        Random random = new Random(seed);
        int[] nextSeq = new int[keys];
        List<Event> events = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int k = i % keys;
            String key = "key-" + k;
            int seq = nextSeq[k]++;
            byte[] label = (key + "/" + seq + ";").getBytes(StandardCharsets.US_ASCII);
            int size = label.length + (i % 50 == 49 ? bigBytes + random.nextInt(bigBytes / 2)
                    : i % 5 == 4 ? 10_000 + random.nextInt(30_000)
                    : random.nextInt(1_500));
            byte[] payload = new byte[size];
            System.arraycopy(label, 0, payload, 0, label.length);
            for (int j = label.length; j < size; j++) {
                payload[j] = ALPHABET[random.nextInt(ALPHABET.length)];
            }
            events.add(new Event(key, seq, payload));
        }
        return events;
    }

    /** The bytes of a segment that received exactly these events, in this order. */
    static byte[] segmentBytes(List<Event> events) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        events.forEach(e -> out.writeBytes(e.framed()));
        return out.toByteArray();
    }
}
