package io.xtremehub.faastream.internal.wire;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The frame of every event on an intermediate stream: user data, a reference to a large event
 * parked in the object store, the end marker of one segment, or a pack of small events
 * ({@link EventPack}).
 *
 * <pre>
 * byte type | int partition | DATA: payload bytes | REF: UTF-8 object key | END: long segment id
 *                           | PACK: (int length, bytes)* | PACK_REF: UTF-8 key of a parked pack
 * </pre>
 *
 * @param partition the rank (by key range) of the segment the writer routed the event to, or -1
 */
public record Envelope(Type type, int partition, byte[] payload, String refKey, long segmentId) {
    /** Frame kinds. */
    public enum Type { DATA, REF, END, PACK, PACK_REF }

    public static Envelope data(int partition, byte[] payload) {
        return new Envelope(Type.DATA, partition, payload, null, -1);
    }

    public static Envelope ref(int partition, String key) {
        return new Envelope(Type.REF, partition, null, key, -1);
    }

    /** Small events of one segment in one frame; {@code body} as built by {@link EventPack}. */
    public static Envelope pack(int partition, byte[] body) {
        return new Envelope(Type.PACK, partition, body, null, -1);
    }

    /** A pack parked in the object store (a batch's big packs skip the stream's storage). */
    public static Envelope packRef(int partition, String key) {
        return new Envelope(Type.PACK_REF, partition, null, key, -1);
    }

    public static Envelope end(long segmentId) {
        return new Envelope(Type.END, -1, null, null, segmentId);
    }

    public ByteBuffer encode() {
        byte[] body = switch (type) {
            case DATA, PACK -> payload;
            case REF, PACK_REF -> refKey.getBytes(StandardCharsets.UTF_8);
            case END -> ByteBuffer.allocate(8).putLong(segmentId).array();
        };
        ByteBuffer b = ByteBuffer.allocate(5 + body.length);
        b.put((byte) type.ordinal()).putInt(partition).put(body);
        return b.flip();
    }

    public static Envelope decode(ByteBuffer in) {
        if (in.remaining() < 5) {
            throw new IllegalArgumentException("truncated frame of " + in.remaining() + " bytes");
        }
        int t = in.get();
        if (t < 0 || t >= Type.values().length) {
            throw new IllegalArgumentException("unknown frame type " + t);
        }
        int partition = in.getInt();
        byte[] body = new byte[in.remaining()];
        in.get(body);
        return switch (Type.values()[t]) {
            case DATA -> data(partition, body);
            case PACK -> pack(partition, body);
            case PACK_REF -> packRef(partition, new String(body, StandardCharsets.UTF_8));
            case REF -> ref(partition, new String(body, StandardCharsets.UTF_8));
            case END -> end(ByteBuffer.wrap(body).getLong());
        };
    }
}
