package io.xtremehub.nexus.policy;

import io.xtremehub.nexus.chain.RequestAttributes;
import io.xtremehub.nexus.policy.PolicyResolver.Match;
import java.util.Optional;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;

/**
 * Which policy applies to the object one S3 request writes or reads: decided once, where the request
 * enters the Nexus chain ({@link PolicyBlobStore}), and carried down on the request object itself so
 * that every layer below (tagging, partition routing, the pipeline) acts on the same decision.
 *
 * <p>S3Proxy hands each {@code BlobStore} layer nothing but the SDK request, so the decision rides
 * on it as an SDK execution attribute: request-scoped, typed, visible in the request that carries it,
 * and gone with it. No backend sees it (S3Proxy's backends build their own requests from the
 * fields). The lookup is lazy and remembered: a request no layer asks about (a GET on a lone worker)
 * costs no policy lookup, and one that several layers ask about costs one.
 */
public final class RequestPolicy {
    private static final ExecutionAttribute<RequestPolicy> ATTRIBUTE = new ExecutionAttribute<>("nexus.requestPolicy");

    private final PolicyResolver resolver;
    private final String bucket;
    private final String key;
    private volatile Optional<Match> match;

    RequestPolicy(PolicyResolver resolver, String bucket, String key) {
        this.resolver = resolver;
        this.bucket = bucket;
        this.key = key;
    }

    /** The active policy that applies to the object, with the chunk it names (empty: none applies). */
    public Optional<Match> match() {
        Optional<Match> m = match;
        if (m == null) {
            m = resolver.match(bucket, key);
            match = m;
        }
        return m;
    }

    /** Whether a policy applies, so that a write stores the object with a marker and a fresh write id. */
    public boolean applies() {
        return match().isPresent();
    }

    /** Whether this is the decision for that object (a CopyObject carries its destination's). */
    public boolean isFor(String objectBucket, String objectKey) {
        return bucket.equals(objectBucket) && key.equals(objectKey);
    }

    /** The request with this decision attached. */
    public <R extends AwsRequest> R attachTo(R request) {
        return RequestAttributes.attach(request, ATTRIBUTE, this);
    }

    /** The decision attached to a request, or null for one the chain built itself (no client sent it). */
    public static RequestPolicy attached(AwsRequest request) {
        return RequestAttributes.get(request, ATTRIBUTE);
    }

    /**
     * The decision attached to a request.
     *
     * @throws IllegalStateException if the request did not come through {@link PolicyBlobStore} (a
     *     wiring mistake: every S3 request enters the chain there)
     */
    public static RequestPolicy of(AwsRequest request) {
        RequestPolicy attached = RequestAttributes.get(request, ATTRIBUTE);
        if (attached == null) {
            throw new IllegalStateException("no policy was resolved for this request: it must enter the Nexus"
                    + " chain through PolicyBlobStore");
        }
        return attached;
    }
}
