package io.xtremehub.nexus.internal;

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
        m.put(POLICY, policyName + "@" + policyVersion);
        if (policyFingerprint != null) {
            m.put(FINGERPRINT, policyFingerprint);
        }
        m.put(SIZE, Long.toString(originalLength));
        m.put(ETAG, originalETag);
        StringBuilder sb = new StringBuilder();
        for (Step s : steps) {
            if (sb.length() > 0) {
                sb.append(';');
            }
            sb.append(s.position).append(':').append(s.streamletId).append(':').append(s.outputLength);
        }
        m.put(STEPS, sb.length() == 0 ? "-" : sb.toString());
        if (routedTo != null) {
            m.put(ROUTED, routedTo);
        }
        context.forEach((k, v) -> m.put(CONTEXT + k, v));
        if (writeId != null) {
            m.put(WRITE_ID, writeId);
        }
        return m;
    }

    /** The marker in an object's metadata, if any. Metadata keys are compared case-insensitively. */
    public static Optional<ObjectMarker> from(Map<String, String> metadata) {
        if (metadata == null || metadata.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> m = new LinkedHashMap<>();
        metadata.forEach((k, v) -> m.put(k.toLowerCase(Locale.ROOT), v));
        String policy = m.get(POLICY);
        if (policy == null) {
            return Optional.empty();
        }
        try {
            int at = policy.lastIndexOf('@');
            List<Step> steps = new ArrayList<>();
            String stepText = m.getOrDefault(STEPS, "-");
            if (!"-".equals(stepText)) {
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
                    m.get(FINGERPRINT), Long.parseLong(m.get(SIZE)), m.get(ETAG), steps, m.get(ROUTED), ctx,
                    m.get(WRITE_ID)));
        } catch (RuntimeException e) {
            throw new IllegalStateException("object carries a corrupt Nexus marker: " + m, e);
        }
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
