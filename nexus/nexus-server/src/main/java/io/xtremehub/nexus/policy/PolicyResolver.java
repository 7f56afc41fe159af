package io.xtremehub.nexus.policy;

import io.xtremehub.nexus.marker.ObjectMarker;
import io.xtremehub.nexus.metadata.MetadataStore;
import io.xtremehub.nexus.policy.ChunkId;
import io.xtremehub.nexus.policy.Policy;
import java.util.Optional;

/**
 * Finds the active policy that applies to an object being written, and the policy version recorded on
 * one being read. Requests get their decision through {@link #decide}, once (see {@link RequestPolicy}).
 */
public final class PolicyResolver {
    /**
     * A policy and the chunk it applies to.
     *
     * @param policy policy version
     * @param chunk stream/partition
     */
    public record Match(Policy policy, ChunkId chunk) {
    }

    private final MetadataStore metadata;

    /** @param metadata where the active policies are */
    public PolicyResolver(MetadataStore metadata) {
        this.metadata = metadata;
    }

    /** The decision for one request about this object, looked up when a layer first asks. */
    public RequestPolicy decide(String bucket, String key) {
        return new RequestPolicy(this, bucket, key);
    }

    /** The first active policy (by name) whose target and key layout match. */
    public Optional<Match> match(String bucket, String key) {
        if (key.startsWith(".s3proxy-")) {
            return Optional.empty(); // S3Proxy's own bookkeeping (multipart stubs)
        }
        for (Policy p : metadata.activePolicies()) {
            Optional<ChunkId> chunk = p.match(bucket, key);
            if (chunk.isPresent()) {
                return Optional.of(new Match(p, chunk.get()));
            }
        }
        return Optional.empty();
    }

    /** Runs {@code listener} after any change of the metadata, by this worker or another. */
    public void onChange(Runnable listener) {
        metadata.addListener(listener);
    }

    /** The active version of a policy as the metadata store holds it now (not as cached). */
    public Optional<Policy> current(String name) {
        return metadata.currentPolicy(name);
    }

    /** A version of a policy, active or retired. */
    public Optional<Policy> version(String name, long version) {
        return metadata.policy(name, version);
    }

    /**
     * The policy version recorded on an object.
     *
     * @throws IllegalStateException with one line if the metadata store does not know that version, or
     *     knows a different pipeline under its name (the store was reset or replaced): reading on would
     *     return wrong bytes
     */
    public Policy recorded(ObjectMarker marker) {
        String id = marker.policyName() + "@" + marker.policyVersion();
        Policy policy = metadata.policy(marker.policyName(), marker.policyVersion())
                .orElseThrow(() -> new IllegalStateException("object was written by policy " + id
                        + " which metadata store " + metadata.describe() + " does not know: restore the metadata"
                        + " of the worker that wrote it (its workDir/metadata.json or its Redis)"));
        if (marker.policyFingerprint() != null && !marker.policyFingerprint().equals(policy.fingerprint())) {
            throw new IllegalStateException("object was written by policy " + id + " with pipeline fingerprint "
                    + marker.policyFingerprint() + " but metadata store " + metadata.describe()
                    + " holds a different " + id + " (" + policy.fingerprint() + "): it was reset or replaced;"
                    + " restore the original metadata");
        }
        return policy;
    }
}
