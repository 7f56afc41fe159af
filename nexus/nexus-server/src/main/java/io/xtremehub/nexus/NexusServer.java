package io.xtremehub.nexus;

import io.xtremehub.nexus.admin.AdminServer;
import io.xtremehub.nexus.chain.MiddlewareChain;
import io.xtremehub.nexus.metadata.LocalMetadataStore;
import io.xtremehub.nexus.metadata.MetadataStore;
import io.xtremehub.nexus.metadata.RedisMetadataStore;
import io.xtremehub.nexus.metrics.NexusMetrics;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.servlet.ProxyFilters;
import io.xtremehub.nexus.streamlet.PipelineFactory;
import io.xtremehub.nexus.streamlet.StreamletRegistry;
import io.xtremehub.nexus.swarm.Member;
import io.xtremehub.nexus.swarm.Membership;
import io.xtremehub.nexus.swarm.MeshServer;
import io.xtremehub.nexus.swarm.RedisMembership;
import io.xtremehub.nexus.swarm.SwarmletConfig;
import io.xtremehub.nexus.swarm.SwarmletDirectory;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Nexus worker: S3Proxy serving the S3 API with the Nexus middleware ({@link MiddlewareChain}) in
 * front of a backend, plus the authenticated admin API. Start one with {@link #builder()}:
 *
 * <pre>{@code
 * try (NexusServer nexus = NexusServer.builder()
 *         .backend(Backend.filesystem(dir))
 *         .credentials("nexus", "nexus-secret")
 *         .build().start()) {
 *     URI s3 = nexus.endpoint();
 * }
 * }</pre>
 */
public final class NexusServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NexusServer.class);

    /** Default access key of the S3 endpoint. */
    public static final String DEFAULT_ACCESS_KEY = "nexus";
    /** Default secret key of the S3 endpoint. */
    public static final String DEFAULT_SECRET_KEY = "nexus-secret";

    /** Default backend bucket of object tags. */
    public static final String DEFAULT_TAG_BUCKET = "nexus-object-tags";

    /** File under the work directory that holds the default metadata store. */
    public static final String METADATA_FILE = "metadata.json";

    private final Builder config;
    private final MetadataStore metadata;
    private final StreamletRegistry registry;
    private final PipelineFactory pipelines;
    private final MiddlewareChain chain;
    private final S3Proxy proxy;
    private final AdminServer admin;
    private final MeshServer mesh;
    private final Membership membership;
    private final NexusMetrics metrics = new NexusMetrics();
    private volatile boolean started;
    private volatile AutoCloseable housekeeping;
    private SwarmletDirectory directory;
    private final java.util.List<AutoCloseable> alsoClose = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private NexusServer(Builder b) throws IOException {
        this.config = b;
        Path work = b.workDir != null ? Files.createDirectories(b.workDir) : Files.createTempDirectory("nexus");
        // with a work directory the default store is durable there: objects carry policy versions, and a
        // restarted worker must still know what each version did to read them back
        this.metadata = b.metadata != null ? b.metadata
                : b.workDir != null ? LocalMetadataStore.durable(work.resolve(METADATA_FILE))
                : LocalMetadataStore.inMemory();
        MeshServer meshServer = null;
        Membership members = null;
        try {
            this.registry = new StreamletRegistry(metadata, work.resolve("streamlets"));
            this.pipelines = new PipelineFactory(registry, metadata, b.swarmlet == null ? "local" : b.swarmlet.workerId());
            MiddlewareChain.Builder chainParts = MiddlewareChain.over(b.backend.create())
                    .policies(metadata, pipelines).workDir(work).metrics(metrics)
                    .tagging(b.tagBucket, b.accessKey, b.secretKey).outerMiddleware(b.outerMiddleware);
            if (b.swarmlet != null) {
                SwarmletConfig sw = b.swarmlet;
                if (!(metadata instanceof RedisMetadataStore redis)) {
                    throw new IllegalArgumentException("the workers of swarmlet '" + sw.name() + "' must share their"
                            + " metadata: pass .metadata(new RedisMetadataStore(host, port, namespace))");
                }
                if (sw.partitionRouting()) {
                    meshServer = new MeshServer(b.host, sw.meshPort(), sw.secret(), sw.meshMaxConnections());
                }
                members = new RedisMembership(redis.host(), redis.port(), redis.namespace(), sw.name(),
                        sw.livenessTtl());
                if (meshServer != null) {
                    // each partition has one owner, so its state stays fresh in the owner's memory; when
                    // ownership moves, partition instances are dropped and claim their state again
                    chainParts.partitionRouting(members, sw.secret(), () -> pipelines.exclusiveState(true));
                    // swarmlets of the namespace hand each other the legs of pipelines pinned to locations
                    this.directory = new SwarmletDirectory(redis.host(), redis.port(), redis.namespace());
                    chainParts.hops(sw.name(), directory);
                } else {
                    pipelines.exclusiveState(false); // any worker may process any partition: claim its state each time
                }
            }
            this.chain = chainParts.build();
            if (meshServer != null) {
                meshServer.start(chain.meshEntry().orElseThrow());
            }
            this.proxy = proxy(b, chain.front());
            for (jakarta.servlet.Filter filter : chain.servletFilters()) {
                ProxyFilters.install(proxy, filter);
            }
            this.admin = b.adminPort >= 0 ? new AdminServer(b.host, b.adminPort, b.adminToken, this) : null;
            this.mesh = meshServer;
            this.membership = members;
        } catch (IOException | RuntimeException e) {
            if (members != null) {
                members.close();
            }
            if (meshServer != null) {
                meshServer.close();
            }
            if (directory != null) {
                directory.close();
            }
            if (b.metadata == null) {
                metadata.close(); // releases the work directory for a retry
            }
            throw e;
        }
    }

    private static S3Proxy proxy(Builder b, BlobStore blobStore) {
        S3Proxy.Builder pb = S3Proxy.builder().blobStore(blobStore)
                .endpoint(URI.create("http://" + b.host + ":" + b.port))
                .maxSinglePartObjectSize(b.maxObjectSize)
                .ignoreUnknownHeaders(true);
        if (b.accessKey != null) {
            pb.awsAuthentication(AuthenticationType.AWS_V2_OR_V4, b.accessKey, b.secretKey);
        } else {
            pb.awsAuthentication(AuthenticationType.NONE, null, null);
        }
        if (b.keyStorePath != null) {
            pb.secureEndpoint(URI.create("https://" + b.host + ":" + b.securePort))
                    .keyStore(b.keyStorePath.toString(), b.keyStorePassword);
        }
        return pb.build();
    }

    /** A builder with the defaults of the embedded cluster. */
    public static Builder builder() {
        return new Builder();
    }

    /** Starts serving; returns this. If it cannot, it releases everything (no need to close) and throws. */
    public NexusServer start() throws Exception {
        try {
            proxy.start();
            started = true;
            if (admin != null) {
                admin.start();
            }
            if (membership != null) {
                membership.join(self()); // once its endpoints serve, this worker may own partitions
            }
            // e.g. abort the multipart uploads a killed predecessor left open in an S3 backend
            housekeeping = config.backend.startHousekeeping();
        } catch (Exception e) {
            try {
                close();
            } catch (Exception suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        LOG.info("Nexus serving S3 at {} (backend {}, metadata {}){}", endpoint(), config.backend.describe(),
                metadata.describe(), admin == null ? "" : ", admin API at " + adminEndpoint());
        return this;
    }

    /** This worker's membership record in its swarmlet. */
    private Member self() {
        SwarmletConfig sw = config.swarmlet;
        String advertised = sw.advertisedHost() != null ? sw.advertisedHost() : config.host;
        return new Member(sw.workerId(), URI.create("http://" + advertised + ":" + (mesh == null ? 0 : mesh.port())),
                URI.create("http://" + advertised + ":" + proxy.getPort()), sw.endpoint(), sw.labels());
    }

    /** The HTTP S3 endpoint, e.g. {@code http://127.0.0.1:41234}. */
    public URI endpoint() {
        return URI.create("http://" + config.host + ":" + proxy.getPort());
    }

    /** The HTTPS S3 endpoint, if a key store was configured. */
    public URI secureEndpoint() {
        if (config.keyStorePath == null) {
            throw new IllegalStateException("HTTPS is not configured: set keyStore(path, password)");
        }
        return URI.create("https://" + config.host + ":" + proxy.getSecurePort());
    }

    /** The admin API endpoint. */
    public URI adminEndpoint() {
        if (admin == null) {
            throw new IllegalStateException("the admin API is disabled");
        }
        return URI.create("http://" + config.host + ":" + admin.port());
    }

    /** The S3 access key, or null if authentication is off. */
    public String accessKey() {
        return config.accessKey;
    }

    /** The S3 secret key, or null if authentication is off. */
    public String secretKey() {
        return config.secretKey;
    }

    /** The admin API bearer token. */
    public String adminToken() {
        return config.adminToken;
    }

    /** This worker's metrics (served in Prometheus' text format at the admin API's {@code GET /metrics}). */
    public NexusMetrics metrics() {
        return metrics;
    }

    /** The metadata store (policies, registrations). */
    public MetadataStore metadata() {
        return metadata;
    }

    /** The streamlet registry. */
    public StreamletRegistry streamlets() {
        return registry;
    }

    /** The ids of the swarmlet's live members (just this worker's "local" if it is in none). */
    public java.util.List<String> swarmletMembers() {
        return membership == null ? java.util.List.of("local")
                : membership.members().stream().map(Member::id).toList();
    }

    /**
     * The swarmlets of this worker's metadata namespace, read from Redis; empty if the metadata is
     * kept in-process (then there are none).
     */
    public java.util.Optional<SwarmletDirectory> swarmletDirectory() {
        if (!(metadata instanceof RedisMetadataStore redis)) {
            return java.util.Optional.empty();
        }
        synchronized (this) {
            if (directory == null) {
                directory = new SwarmletDirectory(redis.host(), redis.port(), redis.namespace());
            }
            return java.util.Optional.of(directory);
        }
    }

    /** This worker's id in its swarmlet, or "local". */
    public String workerId() {
        return membership == null ? "local" : membership.self().id();
    }

    /** The backend description. */
    public String backendDescription() {
        return config.backend.describe();
    }

    /**
     * Validates a policy (every streamlet exists and accepts its parameters), then stores it as a new
     * version, unless it is identical to the current version, which is then returned unchanged.
     *
     * @throws IllegalArgumentException with a one-line message if it is invalid; nothing is stored
     */
    public Policy definePolicy(Policy policy) {
        pipelines.build(policy).close();
        Policy stored = metadata.definePolicy(policy);
        LOG.info("policy {} defined: {} on {}/{}", stored.id(), stored.pipeline().stream()
                .map(r -> r.name()).toList(), stored.bucket(), stored.keyGlob());
        return stored;
    }

    /** Creates the backend bucket if it does not exist yet. */
    public void ensureBucket(String bucket) {
        chain.ensureBucket(bucket);
    }

    /** Closes the resource too, after everything of this server, when the server is closed; returns this. */
    public NexusServer closing(AutoCloseable resource) {
        alsoClose.add(0, Objects.requireNonNull(resource, "resource"));
        return this;
    }

    /**
     * Stops serving and releases resources. The S3 endpoint stops gracefully: it accepts no new
     * connection, and requests already in flight finish (for up to 30 s).
     */
    @Override
    public void close() throws Exception {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (membership != null) {
            membership.close(); // leave first: the others take over this worker's partitions
        }
        if (mesh != null) {
            mesh.close();
        }
        if (admin != null) {
            admin.stop();
        }
        if (started) {
            proxy.stop();
        }
        if (housekeeping != null) {
            housekeeping.close();
        }
        synchronized (this) {
            if (directory != null) {
                directory.close();
            }
        }
        chain.close();
        pipelines.close();
        registry.close();
        if (config.metadata == null) {
            metadata.close();
        }
        for (AutoCloseable c : alsoClose) {
            c.close();
        }
    }

    /** Configuration of a {@link NexusServer}. */
    public static final class Builder {
        private Backend backend = Backend.transientStore();
        private String host = "127.0.0.1";
        private int port;
        private int securePort;
        private Path keyStorePath;
        private String keyStorePassword;
        private String accessKey = DEFAULT_ACCESS_KEY;
        private String secretKey = DEFAULT_SECRET_KEY;
        private MetadataStore metadata;
        private Path workDir;
        private int adminPort = 0;
        private String adminToken = java.util.UUID.randomUUID().toString();
        private long maxObjectSize = 5L << 30;
        private SwarmletConfig swarmlet;
        private UnaryOperator<BlobStore> outerMiddleware = UnaryOperator.identity();

        private String tagBucket = DEFAULT_TAG_BUCKET;

        private Builder() {
        }

        /**
         * The backend bucket that keeps object tags (one small sidecar per tagged object), created if
         * missing and closed to S3 clients (default {@value NexusServer#DEFAULT_TAG_BUCKET}).
         */
        public Builder tagBucket(String value) {
            this.tagBucket = Objects.requireNonNull(value, "tagBucket");
            return this;
        }

        /** Where chunks are stored (default transient). */
        public Builder backend(Backend value) {
            this.backend = Objects.requireNonNull(value, "backend");
            return this;
        }

        /** Address to bind (default 127.0.0.1). */
        public Builder host(String value) {
            this.host = Objects.requireNonNull(value, "host");
            return this;
        }

        /** HTTP port; 0 (default) picks a free one. */
        public Builder port(int value) {
            this.port = value;
            return this;
        }

        /** Serves HTTPS too, with the key store (JKS/PKCS12); port 0 picks a free one. */
        public Builder https(int securePortValue, Path keyStore, String password) {
            this.securePort = securePortValue;
            this.keyStorePath = Objects.requireNonNull(keyStore, "keyStore");
            this.keyStorePassword = Objects.requireNonNull(password, "password");
            return this;
        }

        /** SigV2/SigV4 credentials clients must sign with (default nexus / nexus-secret). */
        public Builder credentials(String access, String secret) {
            this.accessKey = Objects.requireNonNull(access, "accessKey");
            this.secretKey = Objects.requireNonNull(secret, "secretKey");
            return this;
        }

        /** Turns S3 authentication off (tests of anonymous access only). */
        public Builder anonymous() {
            this.accessKey = null;
            this.secretKey = null;
            return this;
        }

        /**
         * The metadata store. Default: in-process, kept durably in {@code <workDir>/metadata.json}
         * when a work directory is set, in memory otherwise. The caller closes a store it passes.
         */
        public Builder metadata(MetadataStore value) {
            this.metadata = value;
            return this;
        }

        /**
         * Work directory for the default metadata store, spooling, multipart parts and registered
         * jars (default a fresh temp dir, so nothing survives a restart). Restart a worker on the same
         * directory to keep its policies; one worker per directory.
         */
        public Builder workDir(Path value) {
            this.workDir = value;
            return this;
        }

        /** Admin API port: 0 (default) picks a free one, -1 disables it. */
        public Builder adminPort(int value) {
            this.adminPort = value;
            return this;
        }

        /** Bearer token the admin API requires (default random, see {@link NexusServer#adminToken()}). */
        public Builder adminToken(String value) {
            this.adminToken = Objects.requireNonNull(value, "adminToken");
            return this;
        }

        /**
         * Joins a swarmlet: workers sharing a {@link RedisMetadataStore} (required) and routing chunks
         * of stateful policies to their partition's owner. Default: a lone worker.
         */
        public Builder swarmlet(SwarmletConfig value) {
            this.swarmlet = value;
            return this;
        }

        /**
         * Wraps what S3Proxy serves in one more middleware, outside all of Nexus (e.g. a
         * {@code ForwardingBlobStore} that accounts requests as clients see them). Default: none.
         */
        public Builder outerMiddleware(UnaryOperator<BlobStore> value) {
            this.outerMiddleware = Objects.requireNonNull(value, "outerMiddleware");
            return this;
        }

        /** Largest single PUT accepted (default 5 GiB). */
        public Builder maxObjectSize(long value) {
            this.maxObjectSize = value;
            return this;
        }

        /** Creates the server (not yet serving: call {@link NexusServer#start()}). */
        public NexusServer build() throws IOException {
            return new NexusServer(this);
        }
    }
}
