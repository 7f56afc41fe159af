package io.xtremehub.nexus.swarm;

import io.xtremehub.nexus.metadata.MetadataJson;
import io.xtremehub.nexus.pipeline.Hops;
import io.xtremehub.nexus.pipeline.Upstream;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.PolicyResolver;
import io.xtremehub.nexus.streamlet.ActivePipeline;
import io.xtremehub.nexus.streamlet.PipelineFactory;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;

/**
 * Runs the legs of pipelines pinned to locations or needing hardware across the swarmlets of a
 * metadata namespace: plans the hops with {@link HopPlanner} from the swarmlets registered in Redis
 * and hands chunks to a live worker of the next hop's swarmlet over the mesh. Policies that pin no
 * step and need no hardware run wholly here, without a look at the registry.
 */
public final class MeshHops implements Hops {
    /**
     * How long the swarmlets' workers are trusted without an announcement: bounds how long a worker
     * whose lease ran out without a word (it crashed) may still be picked.
     */
    private static final Duration WORKERS_MAX_AGE = Duration.ofSeconds(1);

    private final String self;
    private final LiveSwarmlets swarmlets;
    private final MeshClient mesh;
    private final PolicyResolver policies;
    private final ConfirmedVersions confirmed = new ConfirmedVersions();

    private MeshHops(String self, SwarmletDirectory directory, String secret, PolicyResolver policies) {
        this.self = self;
        this.swarmlets = LiveSwarmlets.watching(directory, WORKERS_MAX_AGE);
        this.mesh = new MeshClient(secret, swarmlets::forget);
        this.policies = policies;
        policies.onChange(confirmed::forgetAll);
    }

    /**
     * Hops for the workers of a swarmlet.
     *
     * @param swarmlet this worker's swarmlet
     * @param directory the swarmlets of the namespace
     * @param secret the mesh secret (swarmlets that hand chunks to each other share it)
     * @param policies where a stale policy version is refreshed from
     */
    public static MeshHops between(String swarmlet, SwarmletDirectory directory, String secret,
                                   PolicyResolver policies) {
        return new MeshHops(swarmlet, directory, secret, policies);
    }

    @Override
    public Leg leg(Policy policy, ActivePipeline pipeline, String arrival, int from) {
        int steps = pipeline.steps().size();
        List<List<String>> hardware = pipeline.steps().stream().map(s -> s.descriptor().hardware()).toList();
        boolean placed = policy.pipeline().stream().anyMatch(s -> s.location() != null)
                || hardware.stream().anyMatch(h -> !h.isEmpty());
        String arrivedAt = arrival == null ? self : arrival;
        if (!placed) {
            return new Leg(from, steps, null, arrivedAt, null);
        }
        List<Hop> plan;
        try {
            plan = new HopPlanner(swarmlets.labels()).plan(policy, hardware, arrivedAt);
        } catch (IllegalArgumentException e) {
            throw new MeshMessages.Failure(400, "InvalidRequest", e.getMessage()).toException();
        }
        String storing = plan.get(plan.size() - 1).swarmlet();
        for (int i = 0; i < plan.size(); i++) {
            Hop hop = plan.get(i);
            if (hop.to() <= from) {
                continue;
            }
            if (!hop.swarmlet().equals(self)) {
                return new Leg(from, from, hop.swarmlet(), arrivedAt, storing); // nothing to run here
            }
            String next = i + 1 < plan.size() ? plan.get(i + 1).swarmlet() : null;
            return new Leg(from, hop.to(), next, arrivedAt, storing);
        }
        throw new IllegalStateException("policy " + policy.id() + " has no step " + from);
    }

    @Override
    public boolean storesHere(Leg leg) {
        return leg.storing() == null || leg.storing().equals(self);
    }

    @Override
    public Policy checkVersion(Leg leg, Policy policy) {
        if (confirmed.confirmed(leg.next(), policy.name(), policy.version())) {
            return policy; // asked since the last change: the chunk carries its version, the next hop checks it
        }
        Member worker = worker(leg.next(), Optional.empty());
        try {
            mesh.checkVersion(worker, header(leg, policy));
            confirmed.confirm(leg.next(), policy.name(), policy.version());
            return policy;
        } catch (PolicyVersionMismatchException e) {
            Policy fresh = policies.current(policy.name()).orElseThrow(() -> MeshMessages.slowDown(
                    "policy " + policy.name() + " was deleted"));
            if (fresh.version() == policy.version()) {
                throw MeshMessages.slowDown(e.getMessage() + " (it has not caught up yet)");
            }
            try {
                mesh.checkVersion(worker, header(leg, fresh)); // once: the refreshed version
            } catch (PolicyVersionMismatchException again) {
                throw MeshMessages.slowDown(again.getMessage());
            }
            confirmed.confirm(leg.next(), fresh.name(), fresh.version());
            return fresh;
        }
    }

    @Override
    public PutObjectResponse forward(Leg leg, Policy policy, PutObjectRequest request, String eTag,
                                     InputStream intermediate, Supplier<Upstream.Prior> prior) {
        // a chunk of a stream partition goes to the partition's owner there, which keeps its state
        Optional<String> partition = policy.match(request.bucket(), request.key())
                .flatMap(PipelineFactory::partitionKey);
        try {
            return mesh.hop(worker(leg.next(), partition), request, header(leg, policy, eTag), intermediate,
                    () -> MetadataJson.write(prior.get()).getBytes(StandardCharsets.UTF_8));
        } catch (PolicyVersionMismatchException e) {
            // the bytes were read already: the client sends the chunk again, with the version now active
            confirmed.refused(leg.next(), policy.name());
            policies.current(policy.name()); // re-reads this worker's cached policies if they are behind
            throw MeshMessages.slowDown(e.getMessage());
        }
    }

    @Override
    public ResponseInputStream<GetObjectResponse> read(Leg leg, GetObjectRequest request) {
        return mesh.stored(worker(leg.storing(), Optional.empty()), request);
    }

    @Override
    public HeadObjectResponse head(Leg leg, HeadObjectRequest request) {
        return mesh.storedHead(worker(leg.storing(), Optional.empty()), GetObjectRequest.builder()
                .bucket(request.bucket()).key(request.key()).ifMatch(request.ifMatch())
                .ifNoneMatch(request.ifNoneMatch()).build());
    }

    @Override
    public void delete(Leg leg, DeleteObjectRequest request) {
        mesh.storedDelete(worker(leg.storing(), Optional.empty()), GetObjectRequest.builder()
                .bucket(request.bucket()).key(request.key()).build());
    }

    private static MeshMessages.HopHeader header(Leg leg, Policy policy) {
        return header(leg, policy, null);
    }

    private static MeshMessages.HopHeader header(Leg leg, Policy policy, String eTag) {
        return new MeshMessages.HopHeader(policy.name(), policy.version(), leg.to(), leg.arrival(), eTag);
    }

    /** The live worker of the swarmlet owning the partition, else any one (they are alike). */
    private Member worker(String swarmlet, Optional<String> partition) {
        List<Member> live = swarmlets.workers(swarmlet);
        if (live.isEmpty()) {
            swarmlets.forget();
            throw MeshMessages.slowDown("swarmlet " + swarmlet + " has no live worker");
        }
        return partition.map(p -> new PartitionRing(live).owner(p))
                .orElseGet(() -> live.get(ThreadLocalRandom.current().nextInt(live.size())));
    }
}
