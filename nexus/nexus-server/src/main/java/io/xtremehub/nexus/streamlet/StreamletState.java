package io.xtremehub.nexus.streamlet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.xtremehub.nexus.api.Persistent;
import io.xtremehub.nexus.metadata.MetadataJson;
import io.xtremehub.nexus.metadata.MetadataStore;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Moves the {@link Persistent} fields of a stateful streamlet instance to and from the metadata
 * store, as one JSON object per (policy, pipeline step, partition). Field types are whatever
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

    /** Fills the instance's persistent fields from the store; fields without stored state keep their initial values. */
    static void load(Object streamlet, String key, MetadataStore store) {
        List<Field> fields = FIELDS.get(streamlet.getClass());
        if (fields.isEmpty()) {
            return;
        }
        Optional<String> json = store.loadState(key);
        if (json.isEmpty()) {
            return;
        }
        try {
            JsonNode root = MetadataJson.MAPPER.readTree(json.get());
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

    /** Writes the instance's persistent fields to the store. */
    static void save(Object streamlet, String key, MetadataStore store) {
        List<Field> fields = FIELDS.get(streamlet.getClass());
        if (fields.isEmpty()) {
            return;
        }
        ObjectNode root = MetadataJson.MAPPER.createObjectNode();
        try {
            for (Field f : fields) {
                root.set(name(f), MetadataJson.MAPPER.valueToTree(f.get(streamlet)));
            }
        } catch (IllegalAccessException | IllegalArgumentException e) {
            throw new IllegalStateException("persistent state of " + streamlet.getClass().getName()
                    + " cannot be saved: " + e.getMessage(), e);
        }
        store.storeState(key, root.toString());
    }
}
