package io.xtremehub.nexus.streamlet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.xtremehub.nexus.api.Persistent;
import io.xtremehub.nexus.metadata.MetadataJson;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Moves the {@link Persistent} fields of a stateful streamlet instance to and from JSON, the form
 * they are kept in the metadata store in (one object per policy, pipeline step and partition). Field types are whatever
 * Jackson can write and read back (numbers, strings, lists, maps, records).
 */
final class StreamletState {
    private static final ClassValue<List<Field>> FIELDS = new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (f.isAnnotationPresent(Persistent.class) && !Modifier.isStatic(f.getModifiers())) {
                        f.setAccessible(true);
                        fields.add(f);
                    }
                }
            }
            return List.copyOf(fields);
        }
    };

    private StreamletState() {
    }

    private static String name(Field f) {
        String explicit = f.getAnnotation(Persistent.class).value();
        return explicit.isEmpty() ? f.getName() : explicit;
    }

    /** Fills the instance's persistent fields from a state JSON; fields it does not name keep their values. */
    static void restore(Object streamlet, String json, String key) {
        List<Field> fields = FIELDS.get(streamlet.getClass());
        if (fields.isEmpty() || json == null) {
            return;
        }
        try {
            JsonNode root = MetadataJson.MAPPER.readTree(json);
            for (Field f : fields) {
                JsonNode value = root.get(name(f));
                if (value != null) {
                    f.set(streamlet, MetadataJson.MAPPER.readerFor(MetadataJson.MAPPER.getTypeFactory()
                            .constructType(f.getGenericType())).readValue(value));
                }
            }
        } catch (IOException | IllegalAccessException e) {
            throw new IllegalStateException("persistent state " + key + " of " + streamlet.getClass().getName()
                    + " cannot be restored: " + e.getMessage(), e);
        }
    }

    /** The instance's persistent fields as a state JSON. */
    static String snapshot(Object streamlet) {
        ObjectNode root = MetadataJson.MAPPER.createObjectNode();
        try {
            for (Field f : FIELDS.get(streamlet.getClass())) {
                root.set(name(f), MetadataJson.MAPPER.valueToTree(f.get(streamlet)));
            }
        } catch (IllegalAccessException | IllegalArgumentException e) {
            throw new IllegalStateException("persistent state of " + streamlet.getClass().getName()
                    + " cannot be saved: " + e.getMessage(), e);
        }
        return root.toString();
    }
}
