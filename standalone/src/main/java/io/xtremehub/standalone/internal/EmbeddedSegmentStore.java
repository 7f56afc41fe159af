package io.xtremehub.standalone.internal;

import io.pravega.segmentstore.server.host.ServiceStarter;
import io.pravega.segmentstore.server.host.stat.AutoScalerConfig;
import io.pravega.segmentstore.server.logs.DurableLogConfig;
import io.pravega.segmentstore.server.store.ServiceBuilderConfig;
import io.pravega.segmentstore.server.store.ServiceConfig;
import io.pravega.segmentstore.server.writer.WriterConfig;
import io.pravega.segmentstore.storage.StorageLayoutType;
import io.pravega.segmentstore.storage.impl.bookkeeper.BookKeeperConfig;
import io.pravega.shared.metrics.MetricsConfig;
import io.pravega.storage.s3.S3StorageConfig;
import io.xtremehub.standalone.ClusterConfig;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Pravega segment store: WAL on the embedded bookies, long-term storage through
 * Pravega's own S3 binding at the configured endpoint.
 */
public final class EmbeddedSegmentStore implements AutoCloseable, MonitoredComponent {
    /** Key prefix of every object Pravega writes to the LTS bucket: chunks are {@code pravega/<chunk name>}. */
    public static final String LTS_KEY_PREFIX = "pravega/";
    /** The WAL's metadata is checkpointed every this many commits; a restart replays the log from a checkpoint. */
    public static final int WAL_CHECKPOINT_COMMITS = 100;

    /**
     * Percent of the cache above which Pravega evicts data already in LTS (its default: 75); its throttler
     * starts slowing writers 5 points higher, at 25 %. Pravega measures the cache only once per cache
     * generation (1 s, the shortest it allows) and in between counts the appends it moved into the cache
     * as free room, so writers that are not being throttled get about one second of appends in unseen: up
     * to 125 MB/s with 10 KB events on this two-core machine (issue #16), and the cache filled from
     * Pravega's 80 %. From 25 %, three quarters of the default 1 GiB (about six such seconds) stay free
     * for that second; readers at the tail still find the last 200 MiB in the cache.
     */
    static final int CACHE_TARGET_PERCENT = 20;
    /**
     * Percent of the cache at which Pravega holds writers back completely until LTS catches up (its
     * default: 90); also where it stops caching what readers fetch from LTS.
     */
    static final int CACHE_MAX_PERCENT = 40;
    /**
     * Longest pause, in ms, the segment store's operation processor takes before each batch of appends to
     * let more gather for one BookKeeper write (Pravega's default: 50; 1 is the least it accepts). Pravega
     * sizes the pause as the last BookKeeper write's duration times the unused part of a 1 MB write, so a
     * 1 KB append arriving after an idle moment waits about one BookKeeper add before it is even queued,
     * and longer when the bookie is slow. The write queue batches by itself whatever piled up behind a
     * write in flight, so the pause buys little here.
     */
    static final int MAX_BATCHING_DELAY_MILLIS = 1;
    /** Set to a number of ms to give a whole cluster another batching pause (benchmarks' before / after). */
    public static final String MAX_BATCHING_DELAY_PROPERTY = "xtremehub.segmentstore.maxBatchingDelayMillis";

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedSegmentStore.class);
    private static final long SHUTDOWN_GRACE_MILLIS = 30_000;
    /** Pravega retries a failed container every 10 s; a minute is several failed recoveries in a row. */
    private static final Duration CONTAINER_GRACE = Duration.ofSeconds(60);

    private final ServiceStarter starter;
    private final ContainerHealth containers;

    public EmbeddedSegmentStore(ClusterConfig config, String zkConnect, String clusterName, int port,
                                int bookies, String controllerUri, String s3Endpoint) throws Exception {
        int ackQuorum = bookies >= 3 ? bookies - 1 : bookies;
        ServiceBuilderConfig serviceConfig = ServiceBuilderConfig.builder()
                .include(ServiceConfig.builder()
                        .with(ServiceConfig.CONTAINER_COUNT, config.segmentContainers())
                        .with(ServiceConfig.THREAD_POOL_SIZE, 8)
                        .with(ServiceConfig.STORAGE_THREAD_POOL_SIZE, 8)
                        .with(ServiceConfig.ZK_URL, zkConnect)
                        .with(ServiceConfig.LISTENING_PORT, port)
                        .with(ServiceConfig.LISTENING_IP_ADDRESS, config.listenAddress())
                        .with(ServiceConfig.PUBLISHED_IP_ADDRESS, config.advertisedAddress()) // what clients connect to
                        .with(ServiceConfig.CLUSTER_NAME, clusterName)
                        .with(ServiceConfig.CACHE_POLICY_MAX_TIME, 60)
                        .with(ServiceConfig.CACHE_POLICY_MAX_SIZE, config.cacheBytes())
                        .with(ServiceConfig.CACHE_POLICY_TARGET_UTILIZATION, CACHE_TARGET_PERCENT)
                        .with(ServiceConfig.CACHE_POLICY_MAX_UTILIZATION, CACHE_MAX_PERCENT)
                        .with(ServiceConfig.DATALOG_IMPLEMENTATION, ServiceConfig.DataLogType.BOOKKEEPER)
                        .with(ServiceConfig.STORAGE_LAYOUT, StorageLayoutType.CHUNKED_STORAGE)
                        .with(ServiceConfig.STORAGE_IMPLEMENTATION, "S3")
                        .with(ServiceConfig.REST_LISTENING_ENABLE, false)
                        .with(ServiceConfig.ENABLE_ADMIN_GATEWAY, false))
                .include(BookKeeperConfig.builder()
                        .with(BookKeeperConfig.ZK_ADDRESS, zkConnect)
                        .with(BookKeeperConfig.BK_LEDGER_PATH, EmbeddedBookies.LEDGERS_PATH)
                        .with(BookKeeperConfig.BK_ENSEMBLE_SIZE, bookies)
                        .with(BookKeeperConfig.BK_WRITE_QUORUM_SIZE, bookies)
                        .with(BookKeeperConfig.BK_ACK_QUORUM_SIZE, ackQuorum))
                .include(S3StorageConfig.builder()
                        .with(S3StorageConfig.OVERRIDE_CONFIGURI, true)
                        .with(S3StorageConfig.CONFIGURI, s3Endpoint)
                        .with(S3StorageConfig.REGION, config.ltsRegion())
                        .with(S3StorageConfig.ACCESS_KEY, config.ltsAccessKey())
                        .with(S3StorageConfig.SECRET_KEY, config.ltsSecretKey())
                        .with(S3StorageConfig.BUCKET, config.ltsBucket())
                        .with(S3StorageConfig.PREFIX, LTS_KEY_PREFIX))
                // checkpoint the WAL often so tiered data is truncated from it and a restart replays little
                .include(DurableLogConfig.builder()
                        .with(DurableLogConfig.CHECKPOINT_COMMIT_COUNT, WAL_CHECKPOINT_COMMITS)
                        .with(DurableLogConfig.CHECKPOINT_MIN_COMMIT_COUNT, WAL_CHECKPOINT_COMMITS)
                        .with(DurableLogConfig.CHECKPOINT_TOTAL_COMMIT_LENGTH, 64 * 1024 * 1024L)
                        .with(DurableLogConfig.MAX_BATCHING_DELAY_MILLIS, maxBatchingDelayMillis()))
                .include(WriterConfig.builder()
                        .with(WriterConfig.FLUSH_THRESHOLD_MILLIS, config.ltsFlushMillis()))
                .include(autoScaler(config, controllerUri))
                .include(MetricsConfig.builder()
                        .with(MetricsConfig.ENABLE_STATISTICS, false))
                .build();
        this.starter = new ServiceStarter(serviceConfig);
        this.containers = new ContainerHealth(() -> starter.getServiceBuilder().getSegmentContainerRegistry(),
                config.segmentContainers(), CONTAINER_GRACE);
        starter.start();
    }

    /**
     * {@value #MAX_BATCHING_DELAY_MILLIS} unless the system property {@value #MAX_BATCHING_DELAY_PROPERTY} says
     * otherwise: the before / after benchmark sets it to Pravega's 50.
     */
    static int maxBatchingDelayMillis() {
        String value = System.getProperty(MAX_BATCHING_DELAY_PROPERTY);
        if (value == null) {
            return MAX_BATCHING_DELAY_MILLIS;
        }
        try {
            int millis = Integer.parseInt(value.trim());
            if (millis > 0) {
                return millis;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(MAX_BATCHING_DELAY_PROPERTY + " must be a whole number of milliseconds above 0"
                + " (Pravega's default is 50), got '" + value + "'");
    }

    private static io.pravega.common.util.ConfigBuilder<AutoScalerConfig> autoScaler(ClusterConfig config, String controllerUri) {
        io.pravega.common.util.ConfigBuilder<AutoScalerConfig> b = AutoScalerConfig.builder()
                .with(AutoScalerConfig.CONTROLLER_URI, controllerUri)
                .with(AutoScalerConfig.AUTH_ENABLED, false)
                .with(AutoScalerConfig.TLS_ENABLED, false);
        if (config.autoScaleCooldownSeconds() != null) {
            b.with(AutoScalerConfig.COOLDOWN_IN_SECONDS, config.autoScaleCooldownSeconds())
                    .with(AutoScalerConfig.MUTE_IN_SECONDS, config.autoScaleMuteSeconds())
                    .with(AutoScalerConfig.CACHE_EXPIRY_IN_SECONDS, config.autoScaleCacheExpirySeconds())
                    // expired entries are only noticed when the cache is cleaned
                    .with(AutoScalerConfig.CACHE_CLEANUP_IN_SECONDS, 1);
        }
        return b;
    }

    @Override
    public String componentName() {
        return "Pravega segment store";
    }

    @Override
    public String failure() {
        return containers.check();
    }

    /**
     * Shuts the segment store down. Pravega closes its auto-scale request writer last, after its
     * own listener: a scale request still unacknowledged then waits for an ack that cannot come,
     * forever. Everything else is closed by that point, so the shutdown thread is interrupted
     * after a grace period instead of hanging the JVM.
     */
    @Override
    public void close() {
        Thread shutdown = new Thread(starter::shutdown, "segment-store-shutdown");
        shutdown.start();
        try {
            shutdown.join(SHUTDOWN_GRACE_MILLIS);
            if (shutdown.isAlive()) {
                LOG.warn("segment store shutdown stuck on a pending auto-scale request after {} ms: interrupting it",
                        SHUTDOWN_GRACE_MILLIS);
                shutdown.interrupt();
                shutdown.join(SHUTDOWN_GRACE_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
