package io.xtremehub.nexus.chain;

import io.xtremehub.nexus.marker.MarkerTrailerBlobStore;
import io.xtremehub.nexus.marker.ObjectVersions;
import io.xtremehub.nexus.metadata.MetadataStore;
import io.xtremehub.nexus.metrics.MetricsFilter;
import io.xtremehub.nexus.metrics.NexusMetrics;
import io.xtremehub.nexus.pipeline.PipelineBlobStore;
import io.xtremehub.nexus.policy.PolicyBlobStore;
import io.xtremehub.nexus.policy.PolicyResolver;
import io.xtremehub.nexus.servlet.CompleteMultipartStatusFilter;
import io.xtremehub.nexus.streamlet.PipelineFactory;
import io.xtremehub.nexus.pipeline.Hops;
import io.xtremehub.nexus.swarm.Membership;
import io.xtremehub.nexus.swarm.MeshHops;
import io.xtremehub.nexus.swarm.SwarmletDirectory;
import io.xtremehub.nexus.swarm.MeshServer;
import io.xtremehub.nexus.swarm.PartitionRouter;
import io.xtremehub.nexus.tagging.ContextTags;
import io.xtremehub.nexus.tagging.ObjectTags;
import io.xtremehub.nexus.tagging.TagStore;
import io.xtremehub.nexus.tagging.TaggingBlobStore;
import io.xtremehub.nexus.tagging.TaggingFilter;
import jakarta.servlet.Filter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.gaul.s3proxy.blobstore.BlobStore;

/**
 * Builds the Nexus middleware over a backend, in the fixed order described in the
 * {@linkplain io.xtremehub.nexus.chain package documentation}: the BlobStore layers S3Proxy serves and
 * the servlet filters in front of it. The one place that knows the order; every layer knows only its
 * {@code delegate()}.
 */
public final class MiddlewareChain implements AutoCloseable {
    private final BlobStore backend;
    private final BlobStore front;
    private final List<Filter> filters;
    private final PartitionRouter router;
    private final PipelineBlobStore pipeline;
    private final ContextTags contexts;

    private MiddlewareChain(Builder b) throws IOException {
        // innermost: objects whose marker trails their bytes look to every layer as if it were in their metadata
        this.backend = MarkerTrailerBlobStore.over(b.backend);
        PolicyResolver policies = new PolicyResolver(b.metadata);
        TagStore sidecars = new TagStore(backend, b.tagBucket);
        ObjectTags tags = new ObjectTags(sidecars);
        ObjectVersions versions = new ObjectVersions(backend);
        this.contexts = new ContextTags(sidecars);
        try {
            // innermost first
            Hops hops = b.directory == null ? Hops.LOCAL
                    : MeshHops.between(b.swarmlet, b.directory, b.meshSecret, policies);
            this.pipeline = PipelineBlobStore.runningPipelines(backend, policies, b.pipelines, b.workDir, contexts,
                    b.metrics, hops);
            BlobStore chain = pipeline;
            this.router = b.membership == null ? null : PartitionRouter.routingPartitions(chain, policies,
                    b.pipelines, b.membership, b.meshSecret, b.onOwnershipChange);
            chain = router == null ? chain : router;
            chain = TaggingBlobStore.keepingTags(chain, tags, versions);
            chain = PolicyBlobStore.resolvingPolicies(chain, policies);
            this.front = b.outerMiddleware.apply(chain);
        } catch (IOException | RuntimeException e) {
            contexts.close();
            throw e;
        }
        this.filters = List.of(
                new MetricsFilter(b.metrics),
                new TaggingFilter(sidecars, tags, versions, b.accessKey, b.secretKey),
                new CompleteMultipartStatusFilter());
    }

    /** A chain over the backend; set the parts, then {@link Builder#build()}. */
    public static Builder over(BlobStore backend) {
        return new Builder(backend);
    }

    /** The outermost layer: what S3Proxy serves. */
    public BlobStore front() {
        return front;
    }

    /** The servlet filters to install in front of S3Proxy's handler, in this order. */
    public List<Filter> servletFilters() {
        return filters;
    }

    /** Where chunks forwarded by other workers of the swarmlet enter this worker's chain (with partition routing). */
    public Optional<MeshServer.Target> meshEntry() {
        return Optional.ofNullable(router);
    }

    /** Creates the bucket in the backend if it does not exist yet. */
    public void ensureBucket(String bucket) {
        if (backend.containerExists(bucket)) {
            return;
        }
        try {
            backend.createContainer(bucket);
        } catch (RuntimeException e) {
            // workers of one swarmlet share a backend and may start together: another may have just made it
            if (!backend.containerExists(bucket)) {
                throw e;
            }
        }
    }

    /** Finishes context writes in flight, then releases the layers' threads. */
    @Override
    public void close() {
        contexts.close();
        pipeline.close();
    }

    /** The parts of a {@link MiddlewareChain}. */
    public static final class Builder {
        private final BlobStore backend;
        private MetadataStore metadata;
        private PipelineFactory pipelines;
        private Path workDir;
        private NexusMetrics metrics;
        private String tagBucket;
        private String accessKey;
        private String secretKey;
        private Membership membership;
        private String meshSecret;
        private Runnable onOwnershipChange;
        private String swarmlet;
        private SwarmletDirectory directory;
        private UnaryOperator<BlobStore> outerMiddleware = UnaryOperator.identity();

        private Builder(BlobStore backend) {
            this.backend = Objects.requireNonNull(backend, "backend");
        }

        /** Policies and the streamlet instances that run them. */
        public Builder policies(MetadataStore value, PipelineFactory instances) {
            this.metadata = Objects.requireNonNull(value, "metadata");
            this.pipelines = Objects.requireNonNull(instances, "pipelines");
            return this;
        }

        /** Where chunks are spooled and multipart parts kept. */
        public Builder workDir(Path value) {
            this.workDir = Objects.requireNonNull(value, "workDir");
            return this;
        }

        /** Where requests, bytes per policy and streamlet times are counted. */
        public Builder metrics(NexusMetrics value) {
            this.metrics = Objects.requireNonNull(value, "metrics");
            return this;
        }

        /** The backend bucket of tag sidecars, and the S3 credentials tagging requests are checked with (null: none). */
        public Builder tagging(String bucket, String access, String secret) {
            this.tagBucket = Objects.requireNonNull(bucket, "tagBucket");
            this.accessKey = access;
            this.secretKey = secret;
            return this;
        }

        /**
         * Routes chunks of stateful policies to their partition's owner among the swarmlet's members.
         *
         * @param onChange run after partition ownership moved
         */
        public Builder partitionRouting(Membership members, String secret, Runnable onChange) {
            this.membership = Objects.requireNonNull(members, "membership");
            this.meshSecret = Objects.requireNonNull(secret, "secret");
            this.onOwnershipChange = Objects.requireNonNull(onChange, "onOwnershipChange");
            return this;
        }

        /**
         * Runs the steps of policies pinned to locations, or needing hardware, on the swarmlets that
         * fit, handing chunks over the mesh (needs {@link #partitionRouting}, whose mesh it uses).
         *
         * @param name this worker's swarmlet
         * @param swarmlets the swarmlets of the namespace
         */
        public Builder hops(String name, SwarmletDirectory swarmlets) {
            this.swarmlet = Objects.requireNonNull(name, "swarmlet");
            this.directory = Objects.requireNonNull(swarmlets, "directory");
            return this;
        }

        /** One more layer outside all of Nexus (default none). */
        public Builder outerMiddleware(UnaryOperator<BlobStore> value) {
            this.outerMiddleware = Objects.requireNonNull(value, "outerMiddleware");
            return this;
        }

        /** Builds the chain; the tag bucket is created in the backend if missing. */
        public MiddlewareChain build() throws IOException {
            Objects.requireNonNull(metadata, "policies");
            Objects.requireNonNull(workDir, "workDir");
            Objects.requireNonNull(metrics, "metrics");
            Objects.requireNonNull(tagBucket, "tagging");
            if (directory != null && membership == null) {
                throw new IllegalStateException("hops between swarmlets need the mesh of partition routing");
            }
            return new MiddlewareChain(this);
        }
    }
}
