package io.xtremehub.faastream.internal.combine;

import io.xtremehub.faastream.Serializer;
import io.xtremehub.faastream.Serializers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Encodes a {@link Partial} as {@code [key kind][key length][key][aggregate]}: string keys (the
 * common case, e.g. words) as UTF-8, any other key with Java serialization; the aggregate with the
 * combiner's serializer. Partials are many and small, so the string case stays compact.
 */
public final class PartialSerializer implements Serializer<Partial> {
    private static final byte STRING_KEY = 0;
    private static final byte JAVA_KEY = 1;

    private final Serializer<Object> aggregates;
    private final Serializer<Object> otherKeys = Serializers.java();

    @SuppressWarnings("unchecked")
    public PartialSerializer(Serializer<?> aggregates) {
        this.aggregates = (Serializer<Object>) aggregates;
    }

    @Override
    public byte[] serialize(Partial p) {
        boolean string = p.key() instanceof String;
        byte[] key = string ? ((String) p.key()).getBytes(StandardCharsets.UTF_8) : otherKeys.serialize(p.key());
        byte[] aggregate = aggregates.serialize(p.aggregate());
        return ByteBuffer.allocate(5 + key.length + aggregate.length).put(string ? STRING_KEY : JAVA_KEY)
                .putInt(key.length).put(key).put(aggregate).array();
    }

    @Override
    public Partial deserialize(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        byte kind = b.get();
        int keyLength = b.getInt();
        if (kind != STRING_KEY && kind != JAVA_KEY || keyLength < 0 || keyLength > b.remaining()) {
            throw new IllegalArgumentException("not a partial aggregate (key kind " + kind + ", key length "
                    + keyLength + " of " + bytes.length + " bytes)");
        }
        byte[] key = Arrays.copyOfRange(bytes, 5, 5 + keyLength);
        Object k = kind == STRING_KEY ? new String(key, StandardCharsets.UTF_8) : otherKeys.deserialize(key);
        return new Partial(k, aggregates.deserialize(Arrays.copyOfRange(bytes, 5 + keyLength, bytes.length)));
    }

    @Override
    public String name() {
        return "partial(" + aggregates.name() + ")";
    }
}
