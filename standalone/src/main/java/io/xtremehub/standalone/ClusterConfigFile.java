package io.xtremehub.standalone;

import io.xtremehub.config.ConfigException;
import io.xtremehub.config.YamlConfigReader;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The standalone cluster's YAML configuration file ({@code xtremehub standalone --config cluster.yaml},
 * see {@code standalone/cluster.example.yaml}). Every key is optional: what the file leaves out keeps
 * the zero-config default, and environment variables and flags override what it sets.
 *
 * @param dataDir           directory of all cluster state
 * @param listenAddress     address every server binds (default 127.0.0.1; beyond loopback needs lts.secretKey)
 * @param advertisedAddress address handed to clients, if not the listen address (required with 0.0.0.0)
 * @param ports             listening ports (0 = a free port, remembered in the data directory)
 * @param bookies           number of BookKeeper bookies
 * @param segmentContainers Pravega segment containers
 * @param cacheBytes        the segment store's cache; it holds every byte not yet in LTS
 * @param lts               long-term storage
 */
public record ClusterConfigFile(Path dataDir, String listenAddress, String advertisedAddress, Ports ports, Integer bookies,
                                Integer segmentContainers, Long cacheBytes, Lts lts) {
    /** Ports: {@code zookeeper}, {@code controller}, {@code segmentStore}, {@code s3}, {@code nexusAdmin}, {@code bookie}. */
    public record Ports(Integer zookeeper, Integer controller, Integer segmentStore, Integer s3, Integer nexusAdmin,
                        Integer bookie) {
    }

    /**
     * Long-term storage: the streamlet Nexus runs on tiered chunks, an external S3 endpoint (none: the
     * embedded one), its bucket, credentials and region, and how long data may stay in the WAL only.
     */
    public record Lts(String compression, String endpoint, String bucket, String accessKey, String secretKey,
                      String region, Long flushMillis) {
    }

    /**
     * Reads a file.
     *
     * @throws ConfigException one line naming the file and the key or value that is wrong
     */
    public static ClusterConfigFile load(Path file) {
        ClusterConfigFile config = YamlConfigReader.read(file, ClusterConfigFile.class)
                .orElseGet(() -> new ClusterConfigFile(null, null, null, null, null, null, null, null));
        try {
            config.applyTo(ClusterConfig.builder()); // the builder's own checks, so a bad file fails before anything starts
        } catch (IllegalArgumentException e) {
            throw new ConfigException(file + ": " + e.getMessage(), e);
        }
        return config;
    }

    /** Sets on the builder every value the file gives. */
    public ClusterConfig.Builder applyTo(ClusterConfig.Builder b) {
        set(dataDir, b::dataDir);
        set(listenAddress, b::listenAddress);
        set(advertisedAddress, b::advertisedAddress);
        set(bookies, b::bookies);
        set(segmentContainers, b::segmentContainers);
        set(cacheBytes, b::cacheBytes);
        if (ports != null) {
            set(ports.zookeeper, b::zkPort);
            set(ports.controller, b::controllerPort);
            set(ports.segmentStore, b::segmentStorePort);
            set(ports.s3, b::s3Port);
            set(ports.nexusAdmin, b::nexusAdminPort);
            set(ports.bookie, b::bookiePortBase);
        }
        if (lts != null) {
            set(lts.compression, b::ltsCompression);
            set(lts.endpoint, b::ltsEndpoint);
            set(lts.bucket, b::ltsBucket);
            set(lts.accessKey, b::ltsAccessKey);
            set(lts.secretKey, b::ltsSecretKey);
            set(lts.region, b::ltsRegion);
            set(lts.flushMillis, b::ltsFlushMillis);
        }
        return b;
    }

    private static <T> void set(T value, Consumer<T> setter) {
        if (value != null) {
            setter.accept(value);
        }
    }
}
