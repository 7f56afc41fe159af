package io.xtremehub.faastream.internal.state;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.UncheckedIOException;

/** Java serialization of saved state, reading classes through the thread's context class loader (a worker's job classes). */
public final class JavaSerialization {
    private JavaSerialization() {
    }

    public static byte[] bytes(Object value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(out)) {
            o.writeObject(value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialize " + value.getClass().getName() + ": " + e.getMessage(), e);
        }
        return out.toByteArray();
    }

    public static Object object(byte[] bytes) throws IOException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                ClassLoader cl = Thread.currentThread().getContextClassLoader();
                return cl == null ? super.resolveClass(desc) : Class.forName(desc.getName(), false, cl);
            }
        }) {
            return in.readObject();
        } catch (ClassNotFoundException e) {
            throw new IOException("cannot restore state: " + e.getMessage(), e);
        }
    }
}
