package io.xtremehub.testkit.cluster;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.StreamConfiguration;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import io.xtremehub.testkit.GetRecorder;
import io.xtremehub.testkit.GetRecording;
import io.xtremehub.testkit.S3Clients;
import io.xtremehub.testkit.UniqueNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.stream.Stream;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A running embedded cluster as tests see it: its endpoints, clients on it (owned by the kit, so
 * tests do not close them), unique names, and the GETs its Nexus serves. Started and stopped by
 * the {@link EmbeddedCluster} extension.
 */
public final class TestCluster implements AutoCloseable {
    /** The scope the cluster creates at start; the kit's streams live in it. */
    public static final String SCOPE = StandaloneCluster.DEFAULT_SCOPE;
    private final Path dir;
    private final StandaloneCluster cluster;
    private final GetRecorder gets;
    private final Deque<AutoCloseable> clients = new ArrayDeque<>();
    private final ClientConfig clientConfig;
    private final StreamManager streamManager;
    private final EventStreamClientFactory clientFactory;
    private final S3Client s3;
    private final StreamData events;
    private final BucketData objects;

    private TestCluster(Path dir, StandaloneCluster cluster, GetRecorder gets) {
        this.dir = dir;
        this.cluster = cluster;
        this.gets = gets;
        ClusterConfig cfg = cluster.config();
        clientConfig = ClientConfig.builder().controllerURI(cluster.controllerUri()).build();
        streamManager = keep(StreamManager.create(clientConfig));
        clientFactory = keep(EventStreamClientFactory.withScope(scope(), clientConfig));
        s3 = keep(S3Clients.sync(URI.create(cluster.s3Endpoint()), cfg.ltsRegion(), cfg.ltsAccessKey(),
                cfg.ltsSecretKey()));
        events = keep(new StreamData(scope(), clientConfig, streamManager, clientFactory));
        objects = new BucketData(s3);
    }

    /**
     * Starts a cluster with the kit's defaults outside JUnit (benchmark programs); tests use
     * {@link EmbeddedCluster} instead. The caller closes it.
     */
    public static TestCluster start() {
        return start(new ClusterCustomizer.Defaults());
    }

    /** Starts a cluster in a new temporary directory, which {@link #close} deletes. */
    static TestCluster start(ClusterCustomizer customizer) {
        Path dir;
        try {
            dir = Files.createTempDirectory("xtremehub-it-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        GetRecorder gets = new GetRecorder();
        ClusterConfig.Builder config = ClusterConfig.builder().dataDir(dir.resolve("cluster")).allPortsEphemeral()
                .nexusOuterMiddleware(gets::wrap);
        customizer.customize(config);
        try {
            return new TestCluster(dir, StandaloneCluster.start(config.build()), gets);
        } catch (RuntimeException e) {
            deleteTree(dir);
            throw e;
        }
    }

    private <T extends AutoCloseable> T keep(T client) {
        clients.push(client);
        return client;
    }

    /** The cluster itself: its config, its embedded Nexus, its LTS usage. */
    public StandaloneCluster standalone() {
        return cluster;
    }

    public URI controllerUri() {
        return cluster.controllerUri();
    }

    public ClientConfig clientConfig() {
        return clientConfig;
    }

    /** {@link #SCOPE}. */
    public String scope() {
        return SCOPE;
    }

    public StreamManager streamManager() {
        return streamManager;
    }

    /** A client factory on {@link #scope()}. */
    public EventStreamClientFactory clientFactory() {
        return clientFactory;
    }

    /** The S3 endpoint Pravega tiers to (the embedded Nexus), without a trailing slash. */
    public String s3Endpoint() {
        return cluster.s3Endpoint();
    }

    /** An S3 client with the LTS credentials on {@link #s3Endpoint()}. */
    public S3Client s3() {
        return s3;
    }

    /** Writes and reads events of the cluster's streams. */
    public StreamData events() {
        return events;
    }

    /** Puts and reads objects through the S3 endpoint. */
    public BucketData objects() {
        return objects;
    }

    /** Creates a stream of {@code segments} fixed segments with a name no other test uses. */
    public String newStream(String prefix, int segments) {
        return newStream(prefix, ScalingPolicy.fixed(segments));
    }

    public String newStream(String prefix, ScalingPolicy policy) {
        String name = UniqueNames.of(prefix);
        streamManager.createStream(scope(), name, StreamConfiguration.builder().scalingPolicy(policy).build());
        return name;
    }

    /** Creates a bucket with a name no other test uses. */
    public String newBucket(String prefix) {
        String name = UniqueNames.of(prefix);
        s3.createBucket(r -> r.bucket(name));
        return name;
    }

    /** Records the GETs Nexus serves for keys under {@code keyPrefix} of {@code bucket}, until closed. */
    public GetRecording recordGets(String bucket, String keyPrefix) {
        return gets.record(bucket, keyPrefix);
    }

    /** Stops the cluster (newest client first) and deletes its directory. */
    @Override
    public void close() {
        while (!clients.isEmpty()) {
            try {
                clients.pop().close();
            } catch (Exception e) {
                // a client of a cluster about to stop: nothing left to save
            }
        }
        cluster.close();
        deleteTree(dir);
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // best effort: the directory is under java.io.tmpdir
        }
    }
}
