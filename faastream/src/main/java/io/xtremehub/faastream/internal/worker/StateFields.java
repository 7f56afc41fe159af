package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.State;
import io.xtremehub.faastream.internal.state.JavaSerialization;
import io.xtremehub.faastream.internal.state.KeyedStateFields;
import java.io.IOException;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Saves and restores the {@link State} fields of a user function that belong to its slot. A
 * {@link io.xtremehub.faastream.KeyedState} field is not one of them: its values are saved per key
 * ({@link SlotStateStore}).
 */
final class StateFields {
    private StateFields() {
    }

    static boolean hasState(Object function) {
        for (Class<?> c = function.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (slotState(f)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean slotState(Field f) {
        return f.isAnnotationPresent(State.class) && !Modifier.isStatic(f.getModifiers())
                && !KeyedStateFields.isKeyedState(f);
    }

    static byte[] save(Object function) throws IOException {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Class<?> c = function.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (slotState(f)) {
                    f.setAccessible(true);
                    try {
                        values.put(c.getName() + "#" + f.getName(), f.get(function));
                    } catch (IllegalAccessException e) {
                        throw new IOException("cannot read @State field " + f.getName(), e);
                    }
                }
            }
        }
        return JavaSerialization.bytes((Serializable) values);
    }

    @SuppressWarnings("unchecked")
    static void restore(Object function, byte[] bytes) throws IOException {
        Map<String, Object> values = (Map<String, Object>) JavaSerialization.object(bytes);
        for (Class<?> c = function.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                String name = c.getName() + "#" + f.getName();
                if (slotState(f) && values.containsKey(name)) {
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
