package io.xtremehub.nexus.swarm;

import io.xtremehub.nexus.pipeline.NexusBlobStore;
import java.io.InputStream;
import java.util.Optional;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;

/**
 * Partition-aware routing in front of the Nexus middleware: a PUT or GET of a chunk whose policy
 * has a stateful streamlet goes to the worker that owns the chunk's partition on the swarmlet's
 * {@link PartitionRing}, here or over the mesh. A worker receiving a forwarded chunk checks that it
 * still owns the partition (membership may have changed meanwhile) and refuses otherwise, which the
 * client sees as a retryable 503 SlowDown. Everything else is served by the worker that received it.
 */
public final class PartitionRouter extends ForwardingBlobStore implements MeshServer.Target {
    private static final Logger LOG = LoggerFactory.getLogger(PartitionRouter.class);

    private final NexusBlobStore nexus;
    private final Membership membership;
    private final MeshClient mesh;
    private volatile PartitionRing ring;

    /**
     * @param nexus the local middleware
     * @param membership the swarmlet's live members
     * @param secret the swarmlet secret the mesh authenticates with
     * @param onOwnershipChange run after the ring changed (partition state must be reloaded)
     */
    public PartitionRouter(NexusBlobStore nexus, Membership membership, String secret, Runnable onOwnershipChange) {
        super(nexus);
        this.nexus = nexus;
        this.membership = membership;
        this.mesh = new MeshClient(secret);
        this.ring = new PartitionRing(membership.members());
        membership.addListener(() -> {
            ring = new PartitionRing(membership.members());
            onOwnershipChange.run();
        });
    }

    /** The worker owning an object's partition, if the object is routed at all. */
    public Optional<Member> owner(String bucket, String key) {
        return nexus.statefulPartition(bucket, key).map(p -> ring.owner(p));
    }

    private boolean local(Optional<Member> owner) {
        return owner.isEmpty() || owner.get().equals(membership.self());
    }

    @Override
    public PutObjectResponse putBlob(PutObjectRequest request, InputStream payload) {
        Optional<Member> owner = owner(request.bucket(), request.key());
        if (local(owner)) {
            return nexus.putBlob(request, payload);
        }
        LOG.debug("forwarding PUT {}/{} to {}", request.bucket(), request.key(), owner.get().id());
        return mesh.put(owner.get(), request, payload);
    }

    @Override
    public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
        Optional<Member> owner = owner(request.bucket(), request.key());
        if (local(owner)) {
            return nexus.getBlob(request);
        }
        LOG.debug("forwarding GET {}/{} to {}", request.bucket(), request.key(), owner.get().id());
        return mesh.get(owner.get(), request);
    }

    // ------------------------------------------------------------ forwarded to this worker

    @Override
    public PutObjectResponse put(PutObjectRequest request, InputStream body) {
        checkOwned(request.bucket(), request.key());
        return nexus.putBlob(request, body);
    }

    @Override
    public ResponseInputStream<GetObjectResponse> get(GetObjectRequest request) {
        checkOwned(request.bucket(), request.key());
        return nexus.getBlob(request);
    }

    private void checkOwned(String bucket, String key) {
        Optional<Member> owner = owner(bucket, key);
        if (!local(owner)) {
            throw new MeshServer.NotOwnerException(membership.self().id() + " does not own the partition of "
                    + bucket + "/" + key + "; " + owner.get().id() + " does");
        }
    }
}
