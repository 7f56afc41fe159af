package io.xtremehub.omb.driver;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * A driver YAML in OMB's style: {@code name}, {@code driverClass}, then driver keys, some nested
 * ({@code client.controllerURI}) and some holding Java properties text ({@code producerConfig: |}).
 * Keys are flattened with dots; a key the driver does not know is one clear error.
 */
public final class DriverConfigFile {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private final String source;
    private final Map<String, Object> values;

    private DriverConfigFile(String source, Map<String, Object> values) {
        this.source = source;
        this.values = values;
    }

    public static DriverConfigFile read(Path file) {
        try {
            return parse(file.toString(), Files.readString(file));
        } catch (IOException e) {
            throw new DriverConfigException(file + ": cannot read the driver file (" + e.getMessage() + ")", e);
        }
    }

    public static DriverConfigFile parse(String source, String yaml) {
        if (yaml.isBlank()) {
            throw new DriverConfigException(source + ": the driver file is empty");
        }
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> raw = YAML.readValue(yaml, LinkedHashMap.class);
            if (raw == null) {
                throw new DriverConfigException(source + ": the driver file is empty");
            }
            Map<String, Object> flat = new LinkedHashMap<>();
            flatten("", raw, flat);
            return new DriverConfigFile(source, flat);
        } catch (IOException | ClassCastException e) {
            throw new DriverConfigException(source + ": not a YAML mapping of driver keys", e);
        }
    }

    @SuppressWarnings("unchecked")
    private static void flatten(String prefix, Map<String, Object> in, Map<String, Object> out) {
        in.forEach((k, v) -> {
            if (v instanceof Map<?, ?> m) {
                flatten(prefix + k + ".", (Map<String, Object>) m, out);
            } else {
                out.put(prefix + k, v);
            }
        });
    }

    public String source() {
        return source;
    }

    /** Fails on the first key outside {@code known}. */
    public void requireOnly(Set<String> known) {
        for (String key : values.keySet()) {
            if (!known.contains(key)) {
                throw new DriverConfigException(source + ": unknown key '" + key + "'; this driver knows "
                        + new TreeSet<>(known));
            }
        }
    }

    public String string(String key, String dflt) {
        Object v = values.get(key);
        return v == null ? dflt : v.toString();
    }

    public boolean bool(String key, boolean dflt) {
        Object v = values.get(key);
        if (v == null) {
            return dflt;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        throw new DriverConfigException(source + ": '" + key + "' must be true or false, got '" + v + "'");
    }

    public long number(String key, long dflt) {
        Object v = values.get(key);
        if (v == null) {
            return dflt;
        }
        if (v instanceof Integer || v instanceof Long) {
            return ((Number) v).longValue();
        }
        throw new DriverConfigException(source + ": '" + key + "' must be a whole number, got '" + v + "'");
    }

    /** A key whose value is Java properties text, as OMB's Kafka driver files hold client settings. */
    public Properties properties(String key) {
        Properties p = new Properties();
        String text = string(key, "");
        try {
            p.load(new StringReader(text));
        } catch (IOException e) {
            throw new DriverConfigException(source + ": '" + key + "' is not properties text", e);
        }
        return p;
    }
}
