package io.xtremehub.omb.workload;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads OMB workload YAML with OMB's field names and defaults. Every problem (unknown field, wrong
 * type, impossible value) is one {@link WorkloadException} line naming the file and the field.
 */
public final class WorkloadReader {
    private static final Set<String> FIELDS = Set.of("name", "topics", "partitionsPerTopic", "keyDistributor",
            "messageSize", "useRandomizedPayloads", "randomBytesRatio", "randomizedPayloadPoolSize", "payloadFile",
            "subscriptionsPerTopic", "producersPerTopic", "consumerPerSubscription", "producerRate",
            "consumerBacklogSizeGB", "backlogDrainRatio", "testDurationMinutes", "warmupDurationMinutes");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private WorkloadReader() {
    }

    /** Reads and checks one workload file. */
    public static Workload read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new WorkloadException(file + ": cannot read the workload file (" + e.getMessage() + ")", e);
        }
        return parse(file.toString(), text);
    }

    /** Parses workload YAML; {@code source} names it in error messages. */
    public static Workload parse(String source, String yaml) {
        if (yaml.isBlank()) {
            throw new WorkloadException(source + ": the workload file is empty");
        }
        Map<String, Object> map;
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = YAML.readValue(yaml, LinkedHashMap.class);
            map = m;
        } catch (IOException | ClassCastException e) {
            throw new WorkloadException(source + ": not a YAML mapping of workload fields ("
                    + firstLine(e.getMessage()) + ")", e);
        }
        if (map == null) {
            throw new WorkloadException(source + ": the workload file is empty");
        }
        for (String key : map.keySet()) {
            if (!FIELDS.contains(key)) {
                throw new WorkloadException(source + ": unknown field '" + key + "'; OMB workload fields are "
                        + new TreeSet<>(FIELDS));
            }
        }
        Fields f = new Fields(source, map);
        String name = f.string("name", null);
        if (name == null || name.isBlank()) {
            throw new WorkloadException(source + ": 'name' is required (it names the result files)");
        }
        int messageSize = f.integer("messageSize", 0);
        String payloadFile = f.string("payloadFile", null);
        Workload w = new Workload(name,
                f.atLeast("topics", f.integer("topics", 1), 1),
                f.atLeast("partitionsPerTopic", f.integer("partitionsPerTopic", 1), 1),
                f.keyDistributor(),
                messageSize,
                f.bool("useRandomizedPayloads", false),
                f.fraction("randomBytesRatio", f.decimal("randomBytesRatio", 0.0)),
                f.atLeast("randomizedPayloadPoolSize", f.integer("randomizedPayloadPoolSize", 0), 0),
                payloadFile,
                f.atLeast("subscriptionsPerTopic", f.integer("subscriptionsPerTopic", 1), 0),
                f.atLeast("producersPerTopic", f.integer("producersPerTopic", 1), 1),
                f.atLeast("consumerPerSubscription", f.integer("consumerPerSubscription", 1), 0),
                f.atLeast("producerRate", f.integer("producerRate", 0), 0),
                f.atLeast("consumerBacklogSizeGB", f.integer("consumerBacklogSizeGB", 0), 0),
                f.fraction("backlogDrainRatio", f.decimal("backlogDrainRatio", 1.0)),
                f.positive("testDurationMinutes", f.decimal("testDurationMinutes", 0)),
                f.nonNegative("warmupDurationMinutes", f.decimal("warmupDurationMinutes", 1)));
        if (messageSize < PayloadLimits.HEADER_BYTES && payloadFile == null) {
            throw new WorkloadException(source + ": 'messageSize' must be at least " + PayloadLimits.HEADER_BYTES
                    + " bytes (the timestamp and sequence the consumers check live in the payload), got " + messageSize);
        }
        if (messageSize > PayloadLimits.MAX_BYTES) {
            throw new WorkloadException(source + ": 'messageSize' must be at most " + PayloadLimits.MAX_BYTES
                    + " bytes (Pravega's largest event), got " + messageSize);
        }
        if (w.buildsBacklog() && w.subscriptionsPerTopic() == 0) {
            throw new WorkloadException(source + ": 'consumerBacklogSizeGB' needs at least one subscription to drain");
        }
        return w;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "no detail";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** Typed access to the raw map with one-line errors. */
    private record Fields(String source, Map<String, Object> map) {
        String string(String key, String dflt) {
            Object v = map.get(key);
            return v == null ? dflt : v.toString();
        }

        int integer(String key, int dflt) {
            Object v = map.get(key);
            if (v == null) {
                return dflt;
            }
            if (v instanceof Integer || v instanceof Long) {
                long l = ((Number) v).longValue();
                if (l > Integer.MAX_VALUE) {
                    throw bad(key, v, "a whole number below 2^31");
                }
                return (int) l;
            }
            throw bad(key, v, "a whole number");
        }

        double decimal(String key, double dflt) {
            Object v = map.get(key);
            if (v == null) {
                return dflt;
            }
            if (v instanceof Number n) {
                return n.doubleValue();
            }
            throw bad(key, v, "a number");
        }

        boolean bool(String key, boolean dflt) {
            Object v = map.get(key);
            if (v == null) {
                return dflt;
            }
            if (v instanceof Boolean b) {
                return b;
            }
            throw bad(key, v, "true or false");
        }

        KeyDistributor keyDistributor() {
            String v = string("keyDistributor", KeyDistributor.NO_KEY.name());
            try {
                return KeyDistributor.valueOf(v);
            } catch (IllegalArgumentException e) {
                throw bad("keyDistributor", v, "one of NO_KEY, KEY_ROUND_ROBIN, RANDOM_NANO");
            }
        }

        int atLeast(String key, int value, int min) {
            if (value < min) {
                throw bad(key, value, "at least " + min);
            }
            return value;
        }

        double fraction(String key, double value) {
            if (value < 0 || value > 1) {
                throw bad(key, value, "between 0 and 1");
            }
            return value;
        }

        double positive(String key, double value) {
            if (!(value > 0)) {
                throw bad(key, value, "greater than 0");
            }
            return value;
        }

        double nonNegative(String key, double value) {
            if (value < 0) {
                throw bad(key, value, "0 or more");
            }
            return value;
        }

        WorkloadException bad(String key, Object value, String expected) {
            return new WorkloadException(source + ": '" + key + "' must be " + expected + ", got '" + value + "'");
        }
    }
}
