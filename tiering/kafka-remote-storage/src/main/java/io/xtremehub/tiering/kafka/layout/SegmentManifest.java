package io.xtremehub.tiering.kafka.layout;

import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.server.log.remote.storage.RemoteStorageManager.IndexType;

/**
 * The {@code .rsm-manifest} object of a segment: what reading it back needs that the broker does
 * not keep, namely the size of the {@code .log} object and where each index sits in the
 * {@code .indexes} object. It is written after the other two, so its presence means the segment
 * was copied whole. Its form is UTF-8 text, one {@code key=value} per line:
 *
 * <pre>
 * format=1
 * log.size=1048321
 * index.OFFSET=0+2048
 * index.TIMESTAMP=2048+3072
 * ...
 * </pre>
 *
 * Unknown keys are ignored, so later versions may add some.
 *
 * @param logSize bytes of the {@code .log} object
 * @param indexes where each index is in the {@code .indexes} object
 */
public record SegmentManifest(long logSize, IndexBundle indexes) {
    /** The format version this class writes. */
    public static final int FORMAT = 1;
    private static final String INDEX = "index.";

    /** The manifest as stored. */
    public byte[] toBytes() {
        StringBuilder sb = new StringBuilder();
        sb.append("format=").append(FORMAT).append('\n');
        sb.append("log.size=").append(logSize).append('\n');
        indexes.ranges().forEach((type, r) ->
                sb.append(INDEX).append(type.name()).append('=').append(r.position()).append('+').append(r.length())
                        .append('\n'));
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Reads a stored manifest.
     *
     * @throws IllegalArgumentException with one line if it is not a manifest this version can read
     */
    public static SegmentManifest parse(byte[] stored) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : new String(stored, StandardCharsets.UTF_8).split("\n")) {
            int eq = line.indexOf('=');
            if (!line.isBlank() && eq > 0) {
                fields.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
            }
        }
        String format = fields.get("format");
        if (format == null || !format.equals(Integer.toString(FORMAT))) {
            throw new IllegalArgumentException("not a segment manifest of format " + FORMAT + " (format=" + format
                    + "): written by a newer plugin version?");
        }
        EnumMap<IndexType, IndexBundle.Range> ranges = new EnumMap<>(IndexType.class);
        try {
            long logSize = Long.parseLong(required(fields, "log.size"));
            for (IndexType type : IndexType.values()) {
                String value = fields.get(INDEX + type.name());
                if (value != null) {
                    int plus = value.indexOf('+');
                    ranges.put(type, new IndexBundle.Range(Long.parseLong(value.substring(0, plus)),
                            Long.parseLong(value.substring(plus + 1))));
                }
            }
            return new SegmentManifest(logSize, IndexBundle.of(ranges));
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("segment manifest has a malformed number: " + e.getMessage());
        }
    }

    private static String required(Map<String, String> fields, String key) {
        String v = fields.get(key);
        if (v == null) {
            throw new IllegalArgumentException("segment manifest lacks " + key);
        }
        return v;
    }
}
