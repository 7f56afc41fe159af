package io.xtremehub.nexus.swarm;

import io.xtremehub.nexus.metadata.MetadataJson;
import io.xtremehub.nexus.pipeline.Upstream;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.PolicyResolver;
import io.xtremehub.nexus.policy.RequestPolicy;
import io.xtremehub.nexus.streamlet.PipelineFactory;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;

/**
 * Partition-aware routing in front of the pipeline middleware: a PUT or GET of a chunk whose policy
 * has a stateful streamlet goes to the worker that owns the chunk's partition on the swarmlet's
 * {@link PartitionRing}, here or over the mesh. A worker receiving a forwarded chunk checks that it
 * still owns the partition (membership may have changed meanwhile) and refuses otherwise, which the
 * client sees as a retryable 503 SlowDown. Everything else is served by the worker that received it.
 */
public final class PartitionRouter extends ForwardingBlobStore implements MeshServer.Target {
    private static final Logger LOG = LoggerFactory.getLogger(PartitionRouter.class);

    private final PolicyResolver policies;
    private final PipelineFactory pipelines;
    private final Membership membership;
    private final MeshClient mesh;
    private volatile PartitionRing ring;
    /** Reads the policy version of chunks from earlier hops while their bytes arrive. */
    private final ExecutorService versionReads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "nexus-hop-version");
        t.setDaemon(true);
        return t;
    });

    private PartitionRouter(BlobStore delegate, PolicyResolver policies, PipelineFactory pipelines,
                            Membership membership, String secret, Runnable onOwnershipChange) {
        super(delegate);
        this.policies = policies;
        this.pipelines = pipelines;
        this.membership = membership;
        this.mesh = new MeshClient(secret);
        this.ring = new PartitionRing(membership.members());
        membership.addListener(() -> {
            ring = new PartitionRing(membership.members());
            onOwnershipChange.run();
        });
    }

    /**
     * Routes chunks to their partition's owner before {@code delegate} processes them; also the entry
     * of chunks other workers forward here.
     *
     * @param delegate the layers that process a chunk on this worker
     * @param policies decides the policy of chunks forwarded to this worker by others
     * @param pipelines tells which policies are stateful
     * @param membership the swarmlet's live members
     * @param secret the swarmlet secret the mesh authenticates with
     * @param onOwnershipChange run after the ring changed (partition state must be reloaded)
     */
    public static PartitionRouter routingPartitions(BlobStore delegate, PolicyResolver policies,
                                                    PipelineFactory pipelines, Membership membership, String secret,
                                                    Runnable onOwnershipChange) {
        return new PartitionRouter(delegate, policies, pipelines, membership, secret, onOwnershipChange);
    }

    /**
     * The worker owning the partition of a request's object, if the object is routed at all: its
     * policy has a stateful streamlet and its key layout names a partition.
     */
    private Optional<Member> owner(AwsRequest request) {
        return RequestPolicy.of(request).match()
                .filter(m -> pipelines.isStateful(m.policy()))
                .flatMap(m -> PipelineFactory.partitionKey(m.chunk()))
                .map(p -> ring.owner(p));
    }

    private boolean local(Optional<Member> owner) {
        return owner.isEmpty() || owner.get().id().equals(membership.self().id());
    }

    @Override
    public PutObjectResponse putBlob(PutObjectRequest request, InputStream payload) {
        Optional<Member> owner = owner(request);
        if (local(owner)) {
            return delegate().putBlob(request, payload);
        }
        LOG.debug("forwarding PUT {}/{} to {}", request.bucket(), request.key(), owner.get().id());
        return mesh.put(owner.get(), request, payload);
    }

    @Override
    public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
        Optional<Member> owner = owner(request);
        if (local(owner)) {
            return delegate().getBlob(request);
        }
        LOG.debug("forwarding GET {}/{} to {}", request.bucket(), request.key(), owner.get().id());
        return mesh.get(owner.get(), request);
    }

    // ------------------------------------------------------------ forwarded to this worker
    // a forwarded chunk enters this worker's chain here, below tagging (the sender did that), so its
    // policy is decided here, once, as PolicyBlobStore does for requests from clients

    @Override
    public PutObjectResponse put(PutObjectRequest request, InputStream body) {
        PutObjectRequest decided = policies.decide(request.bucket(), request.key()).attachTo(request);
        checkOwned(decided, request.bucket(), request.key());
        return delegate().putBlob(decided, body);
    }

    @Override
    public ResponseInputStream<GetObjectResponse> get(GetObjectRequest request) {
        GetObjectRequest decided = policies.decide(request.bucket(), request.key()).attachTo(request);
        checkOwned(decided, request.bucket(), request.key());
        return delegate().getBlob(decided);
    }

    // ------------------------------------------------------------ from an earlier hop of a pipeline

    @Override
    public void checkVersion(MeshMessages.HopHeader hop) {
        long mine = policies.current(hop.policy()).map(Policy::version).orElse(0L);
        if (mine != hop.version()) {
            throw new MeshServer.VersionMismatch(hop.policy(), mine);
        }
    }

    /**
     * A chunk from an earlier hop. The version this worker runs is read from the metadata store for
     * every chunk (a cache would accept a chunk of an old version after a missed change
     * announcement), but off the critical path: the read starts as the chunk arrives, runs while its
     * bytes are received and processed, and is checked when the earlier hops' record is asked for, at
     * the end of the bytes, which every path does before it stores the chunk or sends the next hop
     * its end frame. A mismatch then stores and forwards nothing and is answered 412, as one found
     * before the first byte was (the sender answers its client 503 SlowDown, which it retries).
     */
    @Override
    public PutObjectResponse hop(PutObjectRequest request, MeshMessages.HopHeader hop, HopFrames.Unframing body) {
        CompletableFuture<Long> active = CompletableFuture.supplyAsync(
                () -> policies.current(hop.policy()).map(Policy::version).orElse(0L), versionReads);
        AtomicReference<MeshServer.VersionMismatch> refused = new AtomicReference<>();
        try {
            // processed with the version it started with, even if an update lands meanwhile
            Policy policy = policies.version(hop.policy(), hop.version()).orElseThrow(() -> new IllegalStateException(
                    "policy " + hop.policy() + "@" + hop.version() + " is unknown to the metadata store"));
            Upstream upstream = new Upstream(policy, hop.from(), hop.arrival(), hop.eTag(), () -> {
                long mine = joined(active);
                if (mine != hop.version()) {
                    refused.set(new MeshServer.VersionMismatch(hop.policy(), mine));
                    throw refused.get();
                }
                return MetadataJson.read(new String(body.trailer(), StandardCharsets.UTF_8), Upstream.Prior.class);
            });
            PutObjectRequest decided = policies.decide(request.bucket(), request.key()).attachTo(request);
            return delegate().putBlob(upstream.attachTo(decided), body);
        } catch (RuntimeException e) {
            // the layers below wrap what the record's supplier threw: answer the mismatch itself
            throw refused.get() != null ? refused.get() : e;
        }
    }

    private static long joined(CompletableFuture<Long> version) {
        try {
            return version.join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    @Override
    public ResponseInputStream<GetObjectResponse> stored(GetObjectRequest request) {
        GetObjectRequest decided = policies.decide(request.bucket(), request.key()).attachTo(request);
        return delegate().getBlob(new Upstream(null, 0, null, null, null).attachTo(decided));
    }

    @Override
    public HeadObjectResponse storedHead(GetObjectRequest request) {
        HeadObjectRequest head = HeadObjectRequest.builder().bucket(request.bucket()).key(request.key())
                .ifMatch(request.ifMatch()).ifNoneMatch(request.ifNoneMatch()).build();
        try {
            return delegate().blobMetadata(new Upstream(null, 0, null, null, null).attachTo(
                    policies.decide(request.bucket(), request.key()).attachTo(head)));
        } catch (NoSuchKeyException e) {
            return null; // a HEAD answer has no body to carry the error in: 404 says it
        }
    }

    @Override
    public void storedDelete(GetObjectRequest request) {
        DeleteObjectRequest delete = DeleteObjectRequest.builder().bucket(request.bucket()).key(request.key()).build();
        delegate().removeBlob(new Upstream(null, 0, null, null, null).attachTo(
                policies.decide(request.bucket(), request.key()).attachTo(delete)));
    }

    private void checkOwned(AwsRequest request, String bucket, String key) {
        Optional<Member> owner = owner(request);
        if (!local(owner)) {
            throw new MeshServer.NotOwnerException(membership.self().id() + " does not own the partition of "
                    + bucket + "/" + key + "; " + owner.get().id() + " does");
        }
    }
}
