package io.xtremehub.nexus.pipeline;

import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.streamlet.ActivePipeline;
import java.io.InputStream;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;

/**
 * Where the steps of a chunk's pipeline run when a policy pins them to locations or its streamlets
 * need hardware: which consecutive steps this worker runs (its leg), and the swarmlets that run the
 * rest and store the result. Implemented over the swarmlet mesh; {@link #LOCAL} runs everything here.
 */
public interface Hops {
    /**
     * This worker's part of a chunk's pipeline.
     *
     * @param from position of the first step still to run
     * @param to position after the last step this worker runs
     * @param next the swarmlet that runs the steps from {@code to} on, or null if this worker stores
     * @param arrival the swarmlet the client's request arrived at (steps without a location run at its location)
     * @param storing the swarmlet that stores the chunk and serves its reads
     */
    record Leg(int from, int to, String next, String arrival, String storing) {
        /** Whether this worker runs every step and stores: nothing crosses the mesh. */
        public boolean whole(int steps) {
            return from == 0 && to == steps && next == null;
        }
    }

    /** Runs every step on the worker that received the request. */
    Hops LOCAL = new Hops() {
        @Override
        public Leg leg(Policy policy, ActivePipeline pipeline, String arrival, int from) {
            return new Leg(from, pipeline.steps().size(), null, arrival, null);
        }

        @Override
        public boolean storesHere(Leg leg) {
            return true;
        }

        @Override
        public Policy checkVersion(Leg leg, Policy policy) {
            return policy;
        }

        @Override
        public PutObjectResponse forward(Leg leg, Policy policy, PutObjectRequest request, String eTag,
                                         InputStream intermediate, java.util.function.Supplier<Upstream.Prior> prior) {
            throw new IllegalStateException("nothing is forwarded without a swarmlet");
        }

        @Override
        public ResponseInputStream<GetObjectResponse> read(Leg leg, GetObjectRequest request) {
            throw new IllegalStateException("nothing is forwarded without a swarmlet");
        }

        @Override
        public HeadObjectResponse head(Leg leg, HeadObjectRequest request) {
            throw new IllegalStateException("nothing is forwarded without a swarmlet");
        }

        @Override
        public void delete(Leg leg, DeleteObjectRequest request) {
            throw new IllegalStateException("nothing is forwarded without a swarmlet");
        }
    };

    /**
     * The leg of the pipeline this worker runs on a chunk entering it at step {@code from}.
     *
     * @param arrival the swarmlet the client's request arrived at, or null if it arrived here
     * @throws IllegalArgumentException with one line if no registered swarmlet can run a step
     */
    Leg leg(Policy policy, ActivePipeline pipeline, String arrival, int from);

    /** Whether the leg's storing swarmlet is this worker's (reads are served here). */
    boolean storesHere(Leg leg);

    /**
     * Asks a worker of the next hop, before any byte is read, whether it runs the same version of
     * the policy; if not, re-reads the policy from the metadata store once and returns the version
     * to run (its leg must be planned again). Returns {@code policy} if the versions agree.
     *
     * @throws software.amazon.awssdk.services.s3.model.S3Exception 503 SlowDown if they still differ
     */
    Policy checkVersion(Leg leg, Policy policy);

    /**
     * Streams the bytes this worker's steps produced to a worker of the next hop, which runs the
     * remaining steps (and forwards again, or stores); returns its answer.
     *
     * @param eTag the ETag the client sees when known before the bytes (a multipart completion's), else null
     * @param prior what the earlier steps did, known once {@code intermediate} is read to its end
     */
    PutObjectResponse forward(Leg leg, Policy policy, PutObjectRequest request, String eTag, InputStream intermediate,
                              java.util.function.Supplier<Upstream.Prior> prior);

    /** Reads a chunk from the swarmlet that stored it (null if no such key). */
    ResponseInputStream<GetObjectResponse> read(Leg leg, GetObjectRequest request);

    /** The metadata of a chunk as a client sees it, from the swarmlet that stored it (null if no such key). */
    HeadObjectResponse head(Leg leg, HeadObjectRequest request);

    /** Deletes a chunk at the swarmlet that stored it. */
    void delete(Leg leg, DeleteObjectRequest request);
}
