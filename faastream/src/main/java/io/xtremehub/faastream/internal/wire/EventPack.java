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
