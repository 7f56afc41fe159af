package io.xtremehub.standalone.cli;

import io.xtremehub.standalone.ClusterConfig;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Flags that configure an embedded cluster; unset flags keep the zero-config defaults. */
final class ClusterOptions {
    @Option(names = "--data-dir", defaultValue = "${env:XTREMEHUB_DATA_DIR:-data}",
            description = "Directory for all cluster state (default: ${DEFAULT-VALUE}).")
    Path dataDir;
    @Option(names = "--zk-port", defaultValue = "2181", description = "ZooKeeper port, 0 = free port.")
    int zkPort;
    @Option(names = "--controller-port", defaultValue = "9090", description = "Controller port, 0 = free port.")
    int controllerPort;
    @Option(names = "--segment-store-port", defaultValue = "12345", description = "Segment store port, 0 = free port.")
    int segmentStorePort;
    @Option(names = "--s3-port", defaultValue = "9000", description = "Embedded S3 endpoint port, 0 = free port.")
    int s3Port;
    @Option(names = "--nexus-admin-port", defaultValue = "9001", description = "Nexus admin API port, 0 = free port.")
    int nexusAdminPort;
    @Option(names = "--lts-compression", defaultValue = "zstd",
            description = "Streamlet Nexus runs on tiered chunks: zstd, gzip or none (default: ${DEFAULT-VALUE}).")
    String ltsCompression;
    @Option(names = "--bookie-port", defaultValue = "3181", description = "First bookie port, 0 = free ports.")
    int bookiePort;
    @Option(names = "--bookies", defaultValue = "1", description = "Number of BookKeeper bookies.")
    int bookies;
    @Option(names = "--segment-containers", defaultValue = "4", description = "Pravega segment containers.")
    int containers;
    @Option(names = "--lts-endpoint", description = "External S3 endpoint for long-term storage (default: embedded).")
    String ltsEndpoint;
    @Option(names = "--lts-bucket", defaultValue = "pravega-lts", description = "LTS bucket.")
    String ltsBucket;
    @Option(names = "--lts-access-key", defaultValue = "${env:XTREMEHUB_LTS_ACCESS_KEY:-xtremehub}",
            description = "LTS access key.")
    String ltsAccessKey;
    @Option(names = "--lts-secret-key", defaultValue = "${env:XTREMEHUB_LTS_SECRET_KEY:-xtremehub-secret}",
            description = "LTS secret key.")
    String ltsSecretKey;
    @Option(names = "--lts-region", defaultValue = "us-east-1", description = "LTS region.")
    String ltsRegion;

    ClusterConfig toConfig() {
        return ClusterConfig.builder()
                .dataDir(dataDir)
                .zkPort(zkPort)
                .controllerPort(controllerPort)
                .segmentStorePort(segmentStorePort)
                .s3Port(s3Port)
                .nexusAdminPort(nexusAdminPort)
                .ltsCompression(ltsCompression)
                .bookiePortBase(bookiePort)
                .bookies(bookies)
                .segmentContainers(containers)
                .ltsEndpoint(ltsEndpoint)
                .ltsBucket(ltsBucket)
                .ltsAccessKey(ltsAccessKey)
                .ltsSecretKey(ltsSecretKey)
                .ltsRegion(ltsRegion)
                .build();
    }
}
