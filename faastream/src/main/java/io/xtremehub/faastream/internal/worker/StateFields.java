package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.State;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;

/** Saves and restores the {@link State} fields of a user function. */
final class StateFields {
    private StateFields() {
    }

    static boolean hasState(Object function) {
        for (Class<?> c = function.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.isAnnotationPresent(State.class)) {
                    return true;
                }
            }
        }
        return false;
    }

    static byte[] save(Object function) throws IOException {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Class<?> c = function.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.isAnnotationPresent(State.class) && !Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    try {
                        values.put(c.getName() + "#" + f.getName(), f.get(function));
                    } catch (IllegalAccessException e) {
                        throw new IOException("cannot read @State field " + f.getName(), e);
                    }
                }
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(out)) {
            o.writeObject((Serializable) values);
        }
        return out.toByteArray();
    }

    @SuppressWarnings("unchecked")
    static void restore(Object function, byte[] bytes) throws IOException {
        Map<String, Object> values;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                ClassLoader cl = Thread.currentThread().getContextClassLoader();
                return cl == null ? super.resolveClass(desc) : Class.forName(desc.getName(), false, cl);
            }
        }) {
            values = (Map<String, Object>) in.readObject();
        } catch (ClassNotFoundException e) {
            throw new IOException("cannot restore state: " + e.getMessage(), e);
        }
        for (Class<?> c = function.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                String name = c.getName() + "#" + f.getName();
                if (f.isAnnotationPresent(State.class) && values.containsKey(name)) {
                    f.setAccessible(true);
                    try {
                        f.set(function, values.get(name));
                    } catch (IllegalAccessException e) {
                        throw new IOException("cannot restore @State field " + f.getName(), e);
                    }
                }
            }
        }
    }
}
