package io.xtremehub.nexus.marker;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What Nexus records in an object's user metadata when a policy processed it: the policy version,
 * the original length and ETag, each transformation applied (pipeline position, streamlet id and
 * the length of its output), where a routed chunk went, and the id of the write. This is all a GET
 * needs to undo exactly the recorded transformations, so it is stored with the object, synchronously;
 * an object without a marker is passed through. The pipeline's context is not part of it: it is
 * stored afterwards as the object's tags, tied to the write id (see
 * {@link io.xtremehub.nexus.tagging.TagStore}); objects written before that carried it here.
 *
 * @param policyName policy name
 * @param policyVersion policy version
 * @param policyFingerprint {@link io.xtremehub.nexus.policy.Policy#fingerprint()} of that version, or
 *     null on objects written before fingerprints were recorded
 * @param originalLength length of the bytes the client wrote
 * @param originalETag ETag of the bytes the client wrote
 * @param steps transformations applied, in PUT order
 * @param routedTo bucket holding the data if this object is a routing stub, else null
 * @param context pipeline key/values recorded by older Nexus versions (new writes keep it empty)
 * @param writeId unique id of the PUT that wrote this version, or null on objects written before
 */
public record ObjectMarker(String policyName, long policyVersion, String policyFingerprint, long originalLength,
                           String originalETag, List<Step> steps, String routedTo, Map<String, String> context,
                           String writeId) {
    /** Prefix of every metadata key Nexus owns; clients may not write such keys. */
    public static final String PREFIX = "nexus-";
    static final String MARKER = PREFIX + "marker";
    static final String POLICY = PREFIX + "policy";
    static final String FINGERPRINT = PREFIX + "pfp";
    static final String SIZE = PREFIX + "size";
    static final String ETAG = PREFIX + "etag";
    static final String STEPS = PREFIX + "steps";
    static final String ROUTED = PREFIX + "routed";
    static final String CONTEXT = PREFIX + "ctx-";
    static final String WRITE_ID = PREFIX + "wid";

    /**
     * One applied transformation.
     *
     * @param position index in the policy pipeline
     * @param streamletId {@code name@version}
     * @param outputLength bytes it produced
     */
    public record Step(int position, String streamletId, long outputLength) {
    }

    /** Copies the lists. */
    public ObjectMarker {
        steps = List.copyOf(steps);
        context = Map.copyOf(context);
    }

    /** A fresh write id. */
    public static String newWriteId() {
        java.util.concurrent.ThreadLocalRandom r = java.util.concurrent.ThreadLocalRandom.current();
        return Long.toHexString(System.currentTimeMillis()) + "-" + Long.toHexString(r.nextLong());
    }

    /** Whether the key is one of Nexus' own metadata keys. */
    public static boolean isReserved(String metadataKey) {
        return metadataKey.toLowerCase(Locale.ROOT).startsWith(PREFIX);
    }

    /** The user metadata plus this marker. */
    public Map<String, String> addTo(Map<String, String> userMetadata) {
        Map<String, String> m = new LinkedHashMap<>(userMetadata);
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("p", policyName + "@" + policyVersion);
        if (policyFingerprint != null) {
            fields.put("f", policyFingerprint);
        }
        fields.put("n", Long.toString(originalLength));
        fields.put("e", originalETag);
        StringBuilder sb = new StringBuilder();
        for (Step s : steps) {
            if (sb.length() > 0) {
                sb.append(';');
            }
            sb.append(s.position).append(':').append(s.streamletId).append(':').append(s.outputLength);
        }
        fields.put("s", sb.toString());
        if (routedTo != null) {
            fields.put("r", routedTo);
        }
        if (writeId != null) {
            fields.put("w", writeId);
        }
        // one entry, not one per field: the filesystem backend stores each as an extended attribute
        m.put(MARKER, encode(fields));
        context.forEach((k, v) -> m.put(CONTEXT + k, v));
        return m;
    }

    /**
     * The marker in an object's metadata, if any: the one-entry form, or the one-entry-per-field form
     * of objects written by earlier Nexus versions. Metadata keys are compared case-insensitively.
     */
    public static Optional<ObjectMarker> from(Map<String, String> metadata) {
        if (metadata == null || metadata.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> m = null;
        for (Map.Entry<String, String> e : metadata.entrySet()) {
            if (e.getKey().regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
                if (m == null) {
                    m = new LinkedHashMap<>();
                }
                m.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
            }
        }
        if (m == null) {
            return Optional.empty();
        }
        try {
            Map<String, String> fields;
            if (m.containsKey(MARKER)) {
                fields = decode(m.get(MARKER));
            } else if (m.containsKey(POLICY)) {
                fields = new LinkedHashMap<>();
                fields.put("p", m.get(POLICY));
                fields.put("f", m.get(FINGERPRINT));
                fields.put("n", m.get(SIZE));
                fields.put("e", m.get(ETAG));
                String legacySteps = m.getOrDefault(STEPS, "-");
                fields.put("s", "-".equals(legacySteps) ? "" : legacySteps);
                fields.put("r", m.get(ROUTED));
                fields.put("w", m.get(WRITE_ID));
            } else {
                return Optional.empty();
            }
            String policy = fields.get("p");
            int at = policy.lastIndexOf('@');
            List<Step> steps = new ArrayList<>();
            String stepText = fields.getOrDefault("s", "");
            if (!stepText.isEmpty()) {
                for (String part : stepText.split(";")) {
                    String[] f = part.split(":");
                    steps.add(new Step(Integer.parseInt(f[0]), f[1], Long.parseLong(f[2])));
                }
            }
            Map<String, String> ctx = new LinkedHashMap<>();
            m.forEach((k, v) -> {
                if (k.startsWith(CONTEXT)) {
                    ctx.put(k.substring(CONTEXT.length()), v);
                }
            });
            return Optional.of(new ObjectMarker(policy.substring(0, at), Long.parseLong(policy.substring(at + 1)),
                    fields.get("f"), Long.parseLong(fields.get("n")), fields.getOrDefault("e", ""), steps,
                    fields.get("r"), ctx, fields.get("w")));
        } catch (RuntimeException e) {
            throw new IllegalStateException("object carries a corrupt Nexus marker: " + m, e);
        }
    }

    private static String encode(Map<String, String> fields) {
        StringBuilder sb = new StringBuilder();
        fields.forEach((k, v) -> {
            if (sb.length() > 0) {
                sb.append('&');
            }
            sb.append(k).append('=').append(URLEncoder.encode(v, StandardCharsets.UTF_8));
        });
        return sb.toString();
    }

    private static Map<String, String> decode(String value) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String pair : value.split("&")) {
            int eq = pair.indexOf('=');
            fields.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return fields;
    }

    /** The metadata without Nexus' own keys, as clients see it. */
    public static Map<String, String> strip(Map<String, String> metadata) {
        if (metadata == null) {
            return Map.of();
        }
        Map<String, String> clean = new LinkedHashMap<>();
        metadata.forEach((k, v) -> {
            if (!isReserved(k)) {
                clean.put(k, v);
            }
        });
        return clean;
    }
}
