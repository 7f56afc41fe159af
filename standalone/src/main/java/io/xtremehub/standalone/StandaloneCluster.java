package io.xtremehub.standalone;

import io.pravega.client.ClientConfig;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.admin.impl.StreamManagerImpl;
import io.pravega.client.control.impl.ControllerImplConfig;
import io.xtremehub.standalone.internal.ClusterAddress;
import io.xtremehub.standalone.internal.ClusterPorts;
import io.xtremehub.standalone.internal.ComponentWatchdog;
import io.xtremehub.standalone.internal.DataDirLock;
import io.xtremehub.standalone.internal.EmbeddedBookies;
import io.xtremehub.standalone.internal.EmbeddedController;
import io.xtremehub.standalone.internal.EmbeddedNexus;
import io.xtremehub.standalone.internal.EmbeddedSegmentStore;
import io.xtremehub.standalone.internal.EmbeddedZooKeeper;
import io.xtremehub.standalone.internal.LtsBucket;
import io.xtremehub.standalone.internal.MonitoredComponent;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A whole XtremeHub cluster in one JVM: ZooKeeper, BookKeeper bookies as Pravega's
 * write-ahead log, a Pravega controller and segment store, and the S3 endpoint that
 * Pravega tiers its long-term storage to. It is both what {@code xtremehub standalone}
 * runs and the test kit the other modules' integration tests start.
 *
 * <pre>{@code
 * try (StandaloneCluster cluster = StandaloneCluster.start(ClusterConfig.ephemeral(dir))) {
 *     URI controller = cluster.controllerUri();
 * }
 * }</pre>
 */
public final class StandaloneCluster implements AutoCloseable {
    /** The scope the cluster creates at start; commands use it unless told otherwise. */
    public static final String DEFAULT_SCOPE = "xtremehub";
    private static final String CLUSTER_NAME = "xtremehub";
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    private static final Logger LOG = LoggerFactory.getLogger(StandaloneCluster.class);

    private final ClusterConfig config;
    private final Deque<AutoCloseable> running = new ArrayDeque<>();
    private final long startNanos = System.nanoTime();
    private final CompletableFuture<String> died = new CompletableFuture<>();
    private ComponentWatchdog watchdog;
    private Duration startTime;
    private final StringJoiner phases = new StringJoiner(", ");
    private long phaseStart = startNanos;
    private URI controllerUri;
    private String s3Endpoint;
    private LtsBucket lts;
    private EmbeddedNexus nexus;

    private StandaloneCluster(ClusterConfig config) {
        this.config = config;
    }

    /** Starts every component and returns once the controller serves requests. */
    public static StandaloneCluster start(ClusterConfig config) {
        StandaloneCluster cluster = new StandaloneCluster(config);
        try {
            cluster.startAll();
            return cluster;
        } catch (ClusterStartException e) {
            cluster.close();
            throw e;
        } catch (Exception | LinkageError e) {
            cluster.close();
            throw new ClusterStartException("cluster failed to start: " + rootMessage(e), e);
        }
    }

    private void startAll() throws Exception {
        ListenExposure.check(config);
        ClusterAddress address = ClusterAddress.of(config);
        address.listenInterface(); // an address of another machine fails here, not as a busy port later
        Files.createDirectories(config.dataDir());
        watchdog = new ComponentWatchdog(this::componentDied);
        keep(new DataDirLock(config.dataDir()));
        ClusterPorts ports = ClusterPorts.resolve(config);
        EmbeddedZooKeeper zk = keep(new EmbeddedZooKeeper(config.dataDir().resolve("zookeeper"), address, ports.zk));
        phase("ZooKeeper");
        keep(new EmbeddedBookies(config.dataDir().resolve("bookkeeper"), zk.connectString(), address, ports.bookies));
        phase("bookies");
        if (config.embeddedS3()) {
            nexus = keep(new EmbeddedNexus(config.dataDir().resolve("nexus"), address, ports.s3, ports.nexusAdmin,
                    config.ltsAccessKey(), config.ltsSecretKey(), config.nexusOuterMiddleware()));
            s3Endpoint = nexus.endpoint();
        } else {
            s3Endpoint = config.ltsEndpoint();
        }
        lts = keep(new LtsBucket(s3Endpoint, config.ltsRegion(), config.ltsAccessKey(), config.ltsSecretKey(),
                config.ltsBucket()));
        lts.ensureExists();
        if (nexus != null) {
            nexus.applyLtsPolicy(config.ltsBucket(), config.ltsCompression());
        }
        phase("S3");
        // The segment store starts first so that it stops last: the controller's shutdown still
        // talks to it (reader groups of its event processors live in segments).
        controllerUri = URI.create("tcp://" + ClusterAddress.hostPort(address.advertised(), ports.controller));
        keep(new EmbeddedSegmentStore(config, zk.connectString(), CLUSTER_NAME, ports.segmentStore,
                ports.bookies.length, controllerUri.toString(), s3Endpoint));
        phase("segment store");
        keep(new EmbeddedController(zk.connectString(), CLUSTER_NAME, address.advertised(), ports.controller,
                config.segmentContainers()));
        phase("controller");
        createDefaultScopeOnceReady();
        phase("ready");
        startTime = Duration.ofNanos(System.nanoTime() - startNanos);
        LOG.info("XtremeHub standalone cluster up in {} ms ({}): controller {}, S3 {}, data {}",
                startTime.toMillis(), phases, controllerUri, s3Endpoint, config.dataDir());
    }

    // The controller answers before the segment containers have recovered their logs; the
    // first metadata write tells when the whole cluster serves requests.
    private void createDefaultScopeOnceReady() throws InterruptedException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        // Pravega's client retries with exponential back-off (its fifth wait alone is 10 s, which was
        // most of a restart after a crash): this loop retries by itself, so the client gives up at once.
        ClientConfig client = ClientConfig.builder().controllerURI(controllerUri).build();
        ControllerImplConfig noBackOff = ControllerImplConfig.builder().clientConfig(client)
                .retryAttempts(1).initialBackoffMillis(1).maxBackoffMillis(1).build();
        try (StreamManager streams = new StreamManagerImpl(client, noBackOff)) {
            while (true) {
                try {
                    streams.createScope(DEFAULT_SCOPE);
                    return;
                } catch (RuntimeException e) {
                    if (watchdog.death() != null) {
                        throw new ClusterStartException("cluster failed to start: " + watchdog.death(), e);
                    }
                    if (System.nanoTime() > deadline) {
                        throw new ClusterStartException("cluster did not become ready within "
                                + READY_TIMEOUT.toSeconds() + " s: " + rootMessage(e), e);
                    }
                    Thread.sleep(200);
                }
            }
        }
    }

    private void phase(String name) {
        long now = System.nanoTime();
        phases.add(name + " " + (now - phaseStart) / 1_000_000 + " ms");
        phaseStart = now;
    }

    private <T extends AutoCloseable> T keep(T component) {
        running.push(component);
        if (component instanceof MonitoredComponent monitored) {
            watchdog.watch(monitored);
        }
        return component;
    }

    // A component died on its own: the cluster cannot serve without it, so it stops whole
    // and says so in one line, rather than retrying behind a healthy-looking console.
    private void componentDied(String what) {
        String line = "XtremeHub cluster stopped: " + what + " (details in "
                + Path.of(System.getProperty("xtremehub.log.dir", "logs"), "xtremehub.log") + ")";
        LOG.error(line);
        close();
        died.complete(line);
    }

    /**
     * Completes with one line naming the component when one died by itself; the cluster has
     * then already stopped. It never completes for a cluster stopped by {@link #close()}.
     */
    public CompletionStage<String> died() {
        return died;
    }

    public ClusterConfig config() { return config; }
    public URI controllerUri() { return controllerUri; }
    /** The S3 endpoint Pravega's long-term storage writes to. */
    public String s3Endpoint() { return s3Endpoint; }
    /** Wall time from the start call until the cluster served its first request. */
    public Duration startTime() { return startTime; }

    /** Objects and bytes Pravega has moved to long-term storage so far, as Pravega sees them. */
    public LtsBucket.Usage ltsUsage() {
        return lts.usage();
    }

    /** Objects and bytes of one stream in long-term storage, as Pravega sees them. */
    public LtsBucket.Usage ltsUsage(String stream) {
        return lts.usage(stream + "/");
    }

    /** The embedded Nexus in front of the LTS bucket, or null when LTS is an external endpoint. */
    public EmbeddedNexus nexus() {
        return nexus;
    }

    /** Stops every component, newest first. Acknowledged data stays in the data directory. */
    @Override
    public synchronized void close() {
        if (watchdog != null) {
            watchdog.close(); // components stopped on purpose are not deaths
        }
        while (!running.isEmpty()) {
            AutoCloseable component = running.pop();
            try {
                component.close();
            } catch (Exception e) {
                LOG.warn("error stopping {}: {}", component.getClass().getSimpleName(), e.toString());
            }
        }
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
