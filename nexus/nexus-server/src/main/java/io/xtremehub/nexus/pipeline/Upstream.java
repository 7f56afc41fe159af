package io.xtremehub.nexus.pipeline;

import io.xtremehub.nexus.chain.RequestAttributes;
import io.xtremehub.nexus.marker.ObjectMarker;
import io.xtremehub.nexus.policy.Policy;
import java.util.List;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;

/**
 * A chunk that reached this worker from an earlier hop of its pipeline over the mesh, carried on
 * the request like {@link io.xtremehub.nexus.policy.RequestPolicy}: the policy version the chunk is
 * processed with from start to end (an update applies to later chunks), the step it resumes at, the
 * swarmlet the client's request arrived at, and what the earlier steps did, known once the bytes
 * were read to their end. A read forwarded to the storing swarmlet carries one too (it is served
 * here, whatever the plan).
 *
 * @param policy the policy version the chunk started with
 * @param from position of the first step to run here
 * @param arrival the swarmlet the client's request arrived at
 * @param eTag the ETag the client sees, when the entry knew it before the bytes (a multipart
 *     completion's {@code md5-of-part-md5s-N}), else null: a storing hop that streams the bytes to its
 *     backend writes the chunk's marker before their end, where {@link Prior} arrives
 * @param prior what the earlier steps did (call after the body was read to its end)
 */
public record Upstream(Policy policy, int from, String arrival, String eTag, Supplier<Prior> prior) {
    private static final ExecutionAttribute<Upstream> ATTRIBUTE = new ExecutionAttribute<>("nexus.upstream");

    /**
     * What the earlier hops did to a chunk: all a stored chunk's marker needs from them.
     *
     * @param originalLength bytes the client wrote
     * @param originalETag MD5 hex of the bytes the client wrote (or the multipart ETag), or null when
     *     every earlier step kept the client's bytes and the storing hop's backend digests them
     * @param steps the transformations applied, in order, with their output lengths
     */
    public record Prior(long originalLength, String originalETag, List<ObjectMarker.Step> steps) {
        /** Copies. */
        public Prior {
            steps = List.copyOf(steps);
        }
    }

    /** The request with this attached. */
    public <R extends AwsRequest> R attachTo(R request) {
        return RequestAttributes.attach(request, ATTRIBUTE, this);
    }

    /** What an earlier hop attached, or null for a request from a client. */
    public static Upstream of(AwsRequest request) {
        return RequestAttributes.get(request, ATTRIBUTE);
    }
}
