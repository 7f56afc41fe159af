package io.xtremehub.faastream;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** The built-in {@link Serializer}s: raw bytes, UTF-8 text, JSON records and Java serialization. */
public final class Serializers {
    private Serializers() {
    }

    /** Bytes as they are. */
    public static Serializer<byte[]> bytes() {
        return new BytesSerializer();
    }

    /** UTF-8 text; bytes that are not valid UTF-8 are rejected rather than replaced. */
    public static Serializer<String> utf8() {
        return new Utf8Serializer();
    }

    /** JSON through Jackson, for records and beans of the given type. */
    public static <T> Serializer<T> json(Class<T> type) {
        return new JsonSerializer<>(type);
    }

    /** Java serialization: the default between stages when no serializer is given. */
    public static <T> Serializer<T> java() {
        return new JavaSerializer<>();
    }

    /** Big-endian 8-byte longs. */
    public static Serializer<Long> int64() {
        return new LongSerializer();
    }

    private static final class BytesSerializer implements Serializer<byte[]> {
        @Override public byte[] serialize(byte[] value) { return value; }
        @Override public byte[] deserialize(byte[] bytes) { return bytes; }
        @Override public String name() { return "bytes"; }
    }

    private static final class Utf8Serializer implements Serializer<String> {
        @Override
        public byte[] serialize(String value) {
            return value.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String deserialize(byte[] bytes) {
            try {
                return StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes)).toString();
            } catch (CharacterCodingException e) {
                throw new IllegalArgumentException("not valid UTF-8 text", e);
            }
        }

        @Override public String name() { return "utf8"; }
    }

    private static final class LongSerializer implements Serializer<Long> {
        @Override
        public byte[] serialize(Long value) {
            return ByteBuffer.allocate(8).putLong(value).array();
        }

        @Override
        public Long deserialize(byte[] bytes) {
            if (bytes.length != 8) {
                throw new IllegalArgumentException("expected 8 bytes for a long, got " + bytes.length);
            }
            return ByteBuffer.wrap(bytes).getLong();
        }

        @Override public String name() { return "int64"; }
    }

    private static final class JsonSerializer<T> implements Serializer<T> {
        private final Class<T> type;
        private transient ObjectMapper mapper;

        JsonSerializer(Class<T> type) {
            this.type = type;
        }

        private ObjectMapper mapper() {
            if (mapper == null) {
                mapper = new ObjectMapper();
            }
            return mapper;
        }

        @Override
        public byte[] serialize(T value) {
            try {
                return mapper().writeValueAsBytes(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public T deserialize(byte[] bytes) {
            try {
                return mapper().readValue(bytes, type);
            } catch (IOException e) {
                String why = e instanceof com.fasterxml.jackson.core.JsonProcessingException j
                        ? j.getOriginalMessage() : e.getMessage();
                throw new IllegalArgumentException("not a JSON " + type.getSimpleName() + ": " + why);
            }
        }

        @Override public String name() { return "json(" + type.getSimpleName() + ")"; }
    }

    private static final class JavaSerializer<T> implements Serializer<T> {
        @Override
        public byte[] serialize(T value) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ObjectOutputStream o = new ObjectOutputStream(out)) {
                o.writeObject(value);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot serialize " + value.getClass().getName()
                        + ": make it Serializable or give the step a Serializer", e);
            }
            return out.toByteArray();
        }

        @Override
        @SuppressWarnings("unchecked")
        public T deserialize(byte[] bytes) {
            try (ObjectInputStream in = new ClassLoaderObjectInputStream(new ByteArrayInputStream(bytes))) {
                return (T) in.readObject();
            } catch (IOException | ClassNotFoundException e) {
                throw new IllegalArgumentException("not a Java-serialized object: " + e, e);
            }
        }

        @Override public String name() { return "java"; }
    }

    /** Resolves classes through the thread's context loader, so user classes load in any runtime. */
    static final class ClassLoaderObjectInputStream extends ObjectInputStream {
        ClassLoaderObjectInputStream(java.io.InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(java.io.ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            ClassLoader cl = Thread.currentThread().getContextClassLoader();
            if (cl != null) {
                try {
                    return Class.forName(desc.getName(), false, cl);
                } catch (ClassNotFoundException ignored) {
                    // fall back to the default resolution
                }
            }
            return super.resolveClass(desc);
        }
    }
}
