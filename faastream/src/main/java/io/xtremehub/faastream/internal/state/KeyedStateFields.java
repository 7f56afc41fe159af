package io.xtremehub.faastream.internal.state;

import io.xtremehub.faastream.KeyedState;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/** The {@link KeyedState} fields of a user function, each with the values the runtime keeps for it. */
public final class KeyedStateFields {
    /** One field: its name as {@code class#field} (the key of its entries) and its values. */
    public record Named(String field, KeyedValues values) {
    }

    private KeyedStateFields() {
    }

    public static boolean any(Object function) {
        for (Class<?> c = function.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (isKeyedState(f)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether {@code f} is kept per key rather than in the slot's saved {@code @State}. */
    public static boolean isKeyedState(Field f) {
        return f.getType() == KeyedState.class && !Modifier.isStatic(f.getModifiers());
    }

    /**
     * The values behind each field of {@code function}.
     *
     * @throws IllegalStateException when such a field is null (it must be initialized where declared)
     */
    public static List<Named> of(Object function) {
        List<Named> out = new ArrayList<>();
        for (Class<?> c = function.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (isKeyedState(f)) {
                    out.add(new Named(c.getName() + "#" + f.getName(), values(function, f)));
                }
            }
        }
        return out;
    }

    // KeyedState keeps its values out of the public API; the runtime reaches them here, in one place
    private static KeyedValues values(Object function, Field f) {
        try {
            f.setAccessible(true);
            KeyedState<?> state = (KeyedState<?>) f.get(function);
            if (state == null) {
                throw new IllegalStateException("KeyedState field " + f.getName() + " of "
                        + function.getClass().getName() + " is null: initialize it where it is declared");
            }
            Field inner = KeyedState.class.getDeclaredField("values");
            inner.setAccessible(true);
            KeyedValues values = (KeyedValues) inner.get(state);
            if (values == null) {
                values = new KeyedValues();
                inner.set(state, values);
            }
            return values;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot reach KeyedState field " + f.getName(), e);
        }
    }
}
