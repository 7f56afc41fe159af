package io.xtremehub.faastream.internal.wire;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Many small events of one segment in one stream event: Pravega's cost is per event (framing,
 * acknowledgement, a reader's call), so a shuffle of millions of 100-byte records moves far fewer,
 * larger events. The body is {@code (int length, bytes)*}, in the order the events were added.
 */
public final class EventPack {
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private int count;

    /** Bytes a pack holding an event of {@code length} bytes grows by. */
    public static int framed(int length) {
        return 4 + length;
    }

    public void add(byte[] event) {
        int n = event.length;
        body.write(n >>> 24);
        body.write(n >>> 16);
        body.write(n >>> 8);
        body.write(n);
        body.write(event, 0, n);
        count++;
    }

    /** Body bytes so far. */
    public int size() {
        return body.size();
    }

    public int count() {
        return count;
    }

    /** The body so far; the pack starts over empty. */
    public byte[] drain() {
        byte[] b = body.toByteArray();
        body.reset();
        count = 0;
        return b;
    }

    /**
     * The length of the event whose length field is at {@code pos} of a pack body.
     *
     * @throws IllegalArgumentException if the body ends before the field or the event
     */
    public static int lengthAt(byte[] packBody, int pos) {
        if (packBody.length - pos < 4) {
            throw new IllegalArgumentException("truncated pack: " + (packBody.length - pos) + " bytes at offset " + pos);
        }
        int n = (packBody[pos] & 0xff) << 24 | (packBody[pos + 1] & 0xff) << 16 | (packBody[pos + 2] & 0xff) << 8
                | packBody[pos + 3] & 0xff;
        if (n < 0 || n > packBody.length - pos - 4) {
            throw new IllegalArgumentException("truncated pack: the event at offset " + pos + " claims " + n + " bytes, "
                    + (packBody.length - pos - 4) + " left");
        }
        return n;
    }

    /** The number of events of a pack body (checks its framing). */
    public static int count(byte[] packBody) {
        int events = 0;
        for (int pos = 0; pos < packBody.length; pos += 4 + lengthAt(packBody, pos)) {
            events++;
        }
        return events;
    }

    /** The events of a pack body, in order. */
    public static List<byte[]> unpack(byte[] packBody) {
        ByteBuffer in = ByteBuffer.wrap(packBody);
        List<byte[]> out = new ArrayList<>();
        while (in.hasRemaining()) {
            if (in.remaining() < 4) {
                throw new IllegalArgumentException("truncated pack: " + in.remaining() + " bytes after event " + out.size());
            }
            int n = in.getInt();
            if (n < 0 || n > in.remaining()) {
                throw new IllegalArgumentException("truncated pack: event " + out.size() + " claims " + n + " bytes, "
                        + in.remaining() + " left");
            }
            byte[] e = new byte[n];
            in.get(e);
            out.add(e);
        }
        return out;
    }
}
