package io.xtremehub.standalone;

import com.google.common.net.InetAddresses;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.gaul.s3proxy.blobstore.BlobStore;

/**
 * Everything the embedded cluster can be told. Defaults give a working single-node
 * cluster under {@code ./data} on the usual Pravega ports; port 0 means "pick a free
 * port" (tests), and the picked ports are remembered in the data directory so a
 * restart finds the same cluster again.
 */
public final class ClusterConfig {
    /** Default segment store cache: 1 GiB of direct memory, allocated as it fills. */
    public static final long DEFAULT_CACHE_BYTES = 1L << 30;
    /** Address every component listens on unless told otherwise: this machine only. */
    public static final String DEFAULT_LISTEN_ADDRESS = "127.0.0.1";
    /** LTS secret key used when none is configured; refused beyond loopback (see {@link ListenExposure}). */
    public static final String DEFAULT_LTS_SECRET_KEY = "xtremehub-secret";
    private final Path dataDir;
    private final String listenAddress;
    private final String advertisedAddress;
    private final int zkPort;
    private final int controllerPort;
    private final int segmentStorePort;
    private final int s3Port;
    private final int nexusAdminPort;
    private final String ltsCompression;
    private final int bookiePortBase;
    private final int bookies;
    private final int segmentContainers;
    private final String ltsEndpoint;
    private final String ltsBucket;
    private final String ltsAccessKey;
    private final String ltsSecretKey;
    private final String ltsRegion;
    private final long ltsFlushMillis;
    private final long cacheBytes;
    private final Integer autoScaleCooldownSeconds;
    private final Integer autoScaleMuteSeconds;
    private final Integer autoScaleCacheExpirySeconds;
    private final UnaryOperator<BlobStore> nexusOuterMiddleware;

    private ClusterConfig(Builder b) {
        this.dataDir = b.dataDir.toAbsolutePath().normalize();
        this.listenAddress = b.listenAddress;
        this.advertisedAddress = b.advertisedAddress != null ? b.advertisedAddress : b.listenAddress;
        if (ListenExposure.isWildcard(advertisedAddress)) {
            throw new IllegalArgumentException("listenAddress " + listenAddress + " is every interface: set"
                    + " advertisedAddress to the address clients on other machines reach this one at");
        }
        this.zkPort = b.zkPort;
        this.controllerPort = b.controllerPort;
        this.segmentStorePort = b.segmentStorePort;
        this.s3Port = b.s3Port;
        this.nexusAdminPort = b.nexusAdminPort;
        this.ltsCompression = b.ltsCompression;
        this.bookiePortBase = b.bookiePortBase;
        this.bookies = b.bookies;
        this.segmentContainers = b.segmentContainers;
        this.ltsEndpoint = b.ltsEndpoint;
        this.ltsBucket = b.ltsBucket;
        this.ltsAccessKey = b.ltsAccessKey;
        this.ltsSecretKey = b.ltsSecretKey;
        this.ltsRegion = b.ltsRegion;
        this.ltsFlushMillis = b.ltsFlushMillis;
        this.cacheBytes = b.cacheBytes;
        this.autoScaleCooldownSeconds = b.autoScaleCooldownSeconds;
        this.autoScaleMuteSeconds = b.autoScaleMuteSeconds;
        this.autoScaleCacheExpirySeconds = b.autoScaleCacheExpirySeconds;
        this.nexusOuterMiddleware = b.nexusOuterMiddleware;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A config on free ports under the given directory: what integration tests use. */
    public static ClusterConfig ephemeral(Path dataDir) {
        return builder().dataDir(dataDir).allPortsEphemeral().build();
    }

    public Path dataDir() { return dataDir; }
    /** Address every server of the cluster binds (default 127.0.0.1; 0.0.0.0 is every interface). */
    public String listenAddress() { return listenAddress; }
    /** Address the cluster hands its clients (controller URI, segment store, bookies, S3); default the listen address. */
    public String advertisedAddress() { return advertisedAddress; }
    public int zkPort() { return zkPort; }
    public int controllerPort() { return controllerPort; }
    public int segmentStorePort() { return segmentStorePort; }
    public int s3Port() { return s3Port; }
    /** Port of the embedded Nexus admin API. */
    public int nexusAdminPort() { return nexusAdminPort; }
    /** Streamlet Nexus runs on LTS chunks: zstd (default), gzip or none. */
    public String ltsCompression() { return ltsCompression; }
    public int bookiePortBase() { return bookiePortBase; }
    public int bookies() { return bookies; }
    public int segmentContainers() { return segmentContainers; }
    /** External S3 endpoint for LTS, or null to run the embedded S3 endpoint. */
    public String ltsEndpoint() { return ltsEndpoint; }
    public String ltsBucket() { return ltsBucket; }
    public String ltsAccessKey() { return ltsAccessKey; }
    public String ltsSecretKey() { return ltsSecretKey; }
    public String ltsRegion() { return ltsRegion; }
    /** How long the segment store may hold data in the WAL before moving it to LTS. */
    public long ltsFlushMillis() { return ltsFlushMillis; }
    /** Size of the segment store's cache, which holds every byte not yet in LTS (see {@link Builder#cacheBytes}). */
    public long cacheBytes() { return cacheBytes; }
    public boolean embeddedS3() { return ltsEndpoint == null; }
    /** Seconds a new segment waits before the segment store may ask to scale it; null keeps Pravega's default. */
    public Integer autoScaleCooldownSeconds() { return autoScaleCooldownSeconds; }
    /** Seconds between two scale requests for one segment; null keeps Pravega's default. */
    public Integer autoScaleMuteSeconds() { return autoScaleMuteSeconds; }
    /** Seconds without writes after which a segment asks to be merged; null keeps Pravega's default. */
    public Integer autoScaleCacheExpirySeconds() { return autoScaleCacheExpirySeconds; }
    /** Middleware around the whole embedded Nexus (identity unless set, see {@link Builder#nexusOuterMiddleware}). */
    public UnaryOperator<BlobStore> nexusOuterMiddleware() { return nexusOuterMiddleware; }

    /** Builder with zero-config defaults. */
    public static final class Builder {
        private Path dataDir = Paths.get("data");
        private String listenAddress = DEFAULT_LISTEN_ADDRESS;
        private String advertisedAddress;
        private int zkPort = 2181;
        private int controllerPort = 9090;
        private int segmentStorePort = 12345;
        private int s3Port = 9000;
        private int nexusAdminPort = 9001;
        private String ltsCompression = "zstd";
        private int bookiePortBase = 3181;
        private int bookies = 1;
        private int segmentContainers = 4;
        private String ltsEndpoint;
        private String ltsBucket = "pravega-lts";
        private String ltsAccessKey = "xtremehub";
        private String ltsSecretKey = DEFAULT_LTS_SECRET_KEY;
        private String ltsRegion = "us-east-1";
        private long ltsFlushMillis = 5_000;
        private long cacheBytes = DEFAULT_CACHE_BYTES;
        private Integer autoScaleCooldownSeconds;
        private Integer autoScaleMuteSeconds;
        private Integer autoScaleCacheExpirySeconds;
        private UnaryOperator<BlobStore> nexusOuterMiddleware = UnaryOperator.identity();

        public Builder dataDir(Path v) { this.dataDir = Objects.requireNonNull(v); return this; }
        /** Address to listen on: an IP literal of this machine, or 0.0.0.0 with an advertised address. */
        public Builder listenAddress(String v) { this.listenAddress = ipLiteral(v, "listenAddress"); return this; }
        /** Address clients are given, when it differs from the listen address (NAT, 0.0.0.0). */
        public Builder advertisedAddress(String v) {
            this.advertisedAddress = v == null || v.isBlank() ? null : ipLiteral(v, "advertisedAddress");
            return this;
        }
        public Builder zkPort(int v) { this.zkPort = port(v, "zk-port"); return this; }
        public Builder controllerPort(int v) { this.controllerPort = port(v, "controller-port"); return this; }
        public Builder segmentStorePort(int v) { this.segmentStorePort = port(v, "segment-store-port"); return this; }
        public Builder s3Port(int v) { this.s3Port = port(v, "s3-port"); return this; }
        public Builder nexusAdminPort(int v) { this.nexusAdminPort = port(v, "nexus-admin-port"); return this; }

        /** zstd, gzip or none. */
        public Builder ltsCompression(String v) {
            if (!List.of("zstd", "gzip", "none").contains(v)) {
                throw new IllegalArgumentException("lts-compression must be zstd, gzip or none, got " + v);
            }
            this.ltsCompression = v;
            return this;
        }
        public Builder bookiePortBase(int v) { this.bookiePortBase = port(v, "bookie-port"); return this; }
        public Builder bookies(int v) { this.bookies = positive(v, "bookies"); return this; }
        public Builder segmentContainers(int v) { this.segmentContainers = positive(v, "segment-containers"); return this; }
        public Builder ltsEndpoint(String v) { this.ltsEndpoint = v == null || v.isBlank() ? null : v; return this; }
        public Builder ltsBucket(String v) { this.ltsBucket = Objects.requireNonNull(v); return this; }
        public Builder ltsAccessKey(String v) { this.ltsAccessKey = Objects.requireNonNull(v); return this; }
        public Builder ltsSecretKey(String v) { this.ltsSecretKey = Objects.requireNonNull(v); return this; }
        public Builder ltsRegion(String v) { this.ltsRegion = Objects.requireNonNull(v); return this; }
        public Builder ltsFlushMillis(long v) { this.ltsFlushMillis = positive((int) Math.min(v, Integer.MAX_VALUE), "lts-flush-ms"); return this; }

        /**
         * Size of the segment store's cache (direct memory). Every appended byte stays in it until
         * it is in LTS, so it bounds how far LTS may lag behind the writers: writers are slowed from
         * a quarter of it on and held back at 40 %. It must also hold about one second of appends
         * beyond that (Pravega sees the cache fill once a second); a cache that fills anyway makes
         * Pravega fail the segment container, which recovers only with a cache that holds the lag.
         */
        public Builder cacheBytes(long v) {
            if (v < (16L << 20)) {
                throw new IllegalArgumentException("cache-bytes must be at least 16 MiB, got " + v);
            }
            this.cacheBytes = v;
            return this;
        }

        /**
         * Makes stream auto-scaling react in seconds rather than Pravega's minutes (tests and
         * experiments): the cool-down of a new segment, the mute time between two requests for a
         * segment, and how long a segment must see no writes before it asks to be merged.
         */
        public Builder fastAutoScaling(int cooldownSeconds, int muteSeconds, int idleSeconds) {
            this.autoScaleCooldownSeconds = positive(cooldownSeconds, "auto-scale cooldown");
            this.autoScaleMuteSeconds = positive(muteSeconds, "auto-scale mute");
            this.autoScaleCacheExpirySeconds = positive(idleSeconds, "auto-scale idle");
            return this;
        }

        /**
         * An S3Proxy middleware wrapped around the embedded Nexus, outside all of its own, so it sees
         * requests and responses as S3 clients do: a hook for observing the LTS traffic (the test
         * kit records GETs with it). Not a file or CLI setting.
         */
        public Builder nexusOuterMiddleware(UnaryOperator<BlobStore> v) {
            this.nexusOuterMiddleware = Objects.requireNonNull(v, "nexusOuterMiddleware");
            return this;
        }

        /** Every port 0: each is picked free at first start and remembered in the data dir. */
        public Builder allPortsEphemeral() {
            zkPort = controllerPort = segmentStorePort = s3Port = nexusAdminPort = bookiePortBase = 0;
            return this;
        }

        public ClusterConfig build() {
            return new ClusterConfig(this);
        }

        // a literal, never a name: every component must bind and advertise the same address
        private static String ipLiteral(String v, String name) {
            String value = Objects.requireNonNull(v, name).trim();
            if (!InetAddresses.isInetAddress(value)) {
                throw new IllegalArgumentException(name + " must be an IP address such as 127.0.0.1 or 10.0.0.5, got '"
                        + v + "'");
            }
            return value;
        }

        private static int port(int v, String name) {
            if (v < 0 || v > 65535) {
                throw new IllegalArgumentException(name + " must be between 0 and 65535, got " + v);
            }
            return v;
        }

        private static int positive(int v, String name) {
            if (v < 1) {
                throw new IllegalArgumentException(name + " must be at least 1, got " + v);
            }
            return v;
        }
    }
}
