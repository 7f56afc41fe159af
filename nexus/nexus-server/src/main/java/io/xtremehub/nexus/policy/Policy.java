package io.xtremehub.nexus.policy;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What Nexus runs on which objects: the system type (how keys are read), the target (bucket and a
 * key glob), the ordered streamlet pipeline and the output buckets (the first is the default; a
 * routing streamlet may choose any of them).
 *
 * @param name policy name
 * @param version version assigned by the metadata store (0 before it is stored)
 * @param system system type
 * @param bucket bucket the policy applies to
 * @param keyGlob glob over the key ({@code **} crosses '/'), {@code **} for all
 * @param pipeline ordered streamlets
 * @param outputBuckets where chunks are stored; empty means the addressed bucket
 */
public record Policy(String name, long version, SystemType system, String bucket, String keyGlob,
                     List<StreamletRef> pipeline, List<String> outputBuckets) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final java.util.Map<String, PathMatcher> MATCHERS = new java.util.concurrent.ConcurrentHashMap<>();
    private static final java.util.Map<List<StreamletRef>, String> FINGERPRINTS =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** Validates and copies; every message is one line saying what to fix. */
    public Policy {
        Objects.requireNonNull(name, "policy name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("policy name '" + name
                    + "' must be 1-64 letters, digits, '.', '_' or '-'");
        }
        Objects.requireNonNull(system, "policy system type");
        if (bucket == null || bucket.isBlank()) {
            throw new IllegalArgumentException("policy '" + name + "' needs a target bucket");
        }
        keyGlob = keyGlob == null || keyGlob.isBlank() ? "**" : keyGlob;
        try {
            MATCHERS.computeIfAbsent(keyGlob, g -> FileSystems.getDefault().getPathMatcher("glob:" + g));
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new IllegalArgumentException("policy '" + name + "' keyGlob '" + keyGlob + "' is not a valid glob: "
                    + e.getDescription());
        }
        pipeline = pipeline == null ? List.of() : List.copyOf(pipeline);
        if (pipeline.isEmpty()) {
            throw new IllegalArgumentException("policy '" + name + "' needs at least one streamlet");
        }
        outputBuckets = outputBuckets == null ? List.of() : List.copyOf(outputBuckets);
        if (pipeline.stream().anyMatch(s -> s.location() != null) && pipeline.get(pipeline.size() - 1).location() == null) {
            // the last step's location is where chunks are stored: reads arriving anywhere must agree on it
            throw new IllegalArgumentException("policy '" + name + "' pins steps to locations, so its last step ("
                    + pipeline.get(pipeline.size() - 1).name() + ") must name one too: where its chunks are stored");
        }
    }

    /** The same policy with another version. */
    public Policy withVersion(long newVersion) {
        return new Policy(name, newVersion, system, bucket, keyGlob, pipeline, outputBuckets);
    }

    /**
     * Whether the other policy defines the same thing (system, target, pipeline with parameters,
     * outputs), whatever its version. Redefining a policy identically keeps its version.
     */
    public boolean sameDefinition(Policy other) {
        return other != null && withVersion(0).equals(other.withVersion(0));
    }

    /**
     * A short digest of what decides how a stored object is read back: the streamlets of the
     * pipeline, in order, with their parameters. Recorded on each object so a GET can tell when the
     * metadata store's {@code name@version} no longer means the pipeline that wrote it.
     */
    public String fingerprint() {
        // every PUT records it and every GET checks it: digest each distinct pipeline once
        return FINGERPRINTS.computeIfAbsent(pipeline, Policy::digest);
    }

    private static String digest(List<StreamletRef> pipeline) {
        StringBuilder canonical = new StringBuilder();
        for (StreamletRef ref : pipeline) {
            canonical.append(ref.name()).append('\u0000');
            new java.util.TreeMap<>(ref.parameters()).forEach((k, v) ->
                    canonical.append(k).append('=').append(v).append('\u0000'));
            canonical.append('\u0001');
        }
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(canonical.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(digest, 0, 8);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** {@code name@version}, as recorded on objects. */
    public String id() {
        return name + "@" + version;
    }

    /** The bucket chunks go to when no routing streamlet chooses. */
    public String defaultOutputBucket() {
        return outputBuckets.isEmpty() ? bucket : outputBuckets.get(0);
    }

    /** Whether a routing streamlet may store chunks in the bucket. */
    public boolean allowsOutput(String target) {
        return target.equals(defaultOutputBucket()) || outputBuckets.contains(target);
    }

    /**
     * The chunk this policy would process, if the object is in its target and is a chunk of stream
     * data by its system's key layout.
     */
    public Optional<ChunkId> match(String objectBucket, String key) {
        if (!bucket.equals(objectBucket)) {
            return Optional.empty();
        }
        if (!"**".equals(keyGlob)) {
            PathMatcher matcher = MATCHERS.computeIfAbsent(keyGlob,
                    g -> FileSystems.getDefault().getPathMatcher("glob:" + g));
            if (key.isEmpty() || !matcher.matches(Path.of(key.startsWith("/") ? key.substring(1) : key))) {
                return Optional.empty();
            }
        }
        return system.layout().classify(key);
    }
}
