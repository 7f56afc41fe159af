package io.xtremehub.standalone.cli;

import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.ClusterConfigFile;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * What configures an embedded cluster, lowest precedence first: the zero-config defaults, the
 * {@code --config} YAML file, environment variables ({@code XTREMEHUB_DATA_DIR},
 * {@code XTREMEHUB_LISTEN_ADDRESS}, {@code XTREMEHUB_ADVERTISED_ADDRESS}, {@code XTREMEHUB_LTS_ACCESS_KEY},
 * {@code XTREMEHUB_LTS_SECRET_KEY}), then flags.
 */
final class ClusterOptions {
    @Option(names = "--config", description = "YAML configuration file (see standalone/cluster.example.yaml); "
            + "default: $XTREMEHUB_CONFIG if set.")
    Path config;
    @Option(names = "--data-dir", description = "Directory for all cluster state (default: data).")
    Path dataDir;
    @Option(names = "--listen-address", description = "Address every server binds (default: 127.0.0.1); beyond "
            + "loopback the LTS secret key must not be the built-in one.")
    String listenAddress;
    @Option(names = "--advertised-address", description = "Address handed to clients when it is not the listen "
            + "address (required with 0.0.0.0).")
    String advertisedAddress;
    @Option(names = "--zk-port", description = "ZooKeeper port, 0 = free port (default: 2181).")
    Integer zkPort;
    @Option(names = "--controller-port", description = "Controller port, 0 = free port (default: 9090).")
    Integer controllerPort;
    @Option(names = "--segment-store-port", description = "Segment store port, 0 = free port (default: 12345).")
    Integer segmentStorePort;
    @Option(names = "--s3-port", description = "Embedded S3 endpoint port, 0 = free port (default: 9000).")
    Integer s3Port;
    @Option(names = "--nexus-admin-port", description = "Nexus admin API port, 0 = free port (default: 9001).")
    Integer nexusAdminPort;
    @Option(names = "--lts-compression",
            description = "Streamlet Nexus runs on tiered chunks: zstd, gzip or none (default: zstd).")
    String ltsCompression;
    @Option(names = "--bookie-port", description = "First bookie port, 0 = free ports (default: 3181).")
    Integer bookiePort;
    @Option(names = "--bookies", description = "Number of BookKeeper bookies (default: 1).")
    Integer bookies;
    @Option(names = "--segment-containers", description = "Pravega segment containers (default: 4).")
    Integer containers;
    @Option(names = "--cache-bytes", description = "Segment store cache; it holds every byte not yet in LTS "
            + "(default: 1 GiB).")
    Long cacheBytes;
    @Option(names = "--lts-endpoint", description = "External S3 endpoint for long-term storage (default: embedded).")
    String ltsEndpoint;
    @Option(names = "--lts-bucket", description = "LTS bucket (default: pravega-lts).")
    String ltsBucket;
    @Option(names = "--lts-access-key", description = "LTS access key.")
    String ltsAccessKey;
    @Option(names = "--lts-secret-key", description = "LTS secret key.")
    String ltsSecretKey;
    @Option(names = "--lts-region", description = "LTS region (default: us-east-1).")
    String ltsRegion;

    ClusterConfig toConfig() {
        return toConfig(System.getenv());
    }

    ClusterConfig toConfig(Map<String, String> env) {
        ClusterConfig.Builder b = ClusterConfig.builder();
        Path file = config != null ? config : pathOrNull(env.get("XTREMEHUB_CONFIG"));
        if (file != null) {
            ClusterConfigFile.load(file).applyTo(b);
        }
        set(pathOrNull(env.get("XTREMEHUB_DATA_DIR")), b::dataDir);
        set(env.get("XTREMEHUB_LISTEN_ADDRESS"), b::listenAddress);
        set(env.get("XTREMEHUB_ADVERTISED_ADDRESS"), b::advertisedAddress);
        set(env.get("XTREMEHUB_LTS_ACCESS_KEY"), b::ltsAccessKey);
        set(env.get("XTREMEHUB_LTS_SECRET_KEY"), b::ltsSecretKey);
        set(dataDir, b::dataDir);
        set(listenAddress, b::listenAddress);
        set(advertisedAddress, b::advertisedAddress);
        set(zkPort, b::zkPort);
        set(controllerPort, b::controllerPort);
        set(segmentStorePort, b::segmentStorePort);
        set(s3Port, b::s3Port);
        set(nexusAdminPort, b::nexusAdminPort);
        set(ltsCompression, b::ltsCompression);
        set(bookiePort, b::bookiePortBase);
        set(bookies, b::bookies);
        set(containers, b::segmentContainers);
        set(cacheBytes, b::cacheBytes);
        set(ltsEndpoint, b::ltsEndpoint);
        set(ltsBucket, b::ltsBucket);
        set(ltsAccessKey, b::ltsAccessKey);
        set(ltsSecretKey, b::ltsSecretKey);
        set(ltsRegion, b::ltsRegion);
        return b.build();
    }

    private static Path pathOrNull(String value) {
        return value == null || value.isBlank() ? null : Path.of(value);
    }

    private static <T> void set(T value, Consumer<T> setter) {
        if (value != null) {
            setter.accept(value);
        }
    }
}
