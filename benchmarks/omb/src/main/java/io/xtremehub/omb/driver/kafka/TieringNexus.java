package io.xtremehub.omb.driver.kafka;

import io.xtremehub.nexus.Backend;
import io.xtremehub.nexus.NexusServer;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.tiering.kafka.S3RemoteStorageManager;
import io.xtremehub.tiering.kafka.S3StorageConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The embedded Kafka broker's tiered storage: Nexus on a loopback port in front of a local directory,
 * with a Kafka-layout policy that compresses the tiered log segments (or none, so Nexus only passes
 * them through), and the broker settings that point {@link S3RemoteStorageManager} at it.
 */
final class TieringNexus implements AutoCloseable {
    static final String BUCKET = "kafka-tiered";
    private static final String LISTENER = "EXTERNAL";

    private final NexusServer nexus;
    private final Path backend;

    TieringNexus(Path dir, String compression) throws Exception {
        this.backend = dir.resolve("backend");
        NexusServer server = NexusServer.builder()
                .backend(Backend.filesystem(backend))
                .workDir(dir.resolve("work"))
                .credentials("kafka-broker", UUID.randomUUID().toString())
                .port(0)
                .adminPort(-1)
                .build()
                .start();
        try {
            server.ensureBucket(BUCKET);
            if (!compression.equals("none")) {
                server.definePolicy(new Policy("kafka-" + compression, 0, SystemType.KAFKA, BUCKET, "**",
                        List.of(new StreamletRef(compression, Map.of())), List.of()));
            }
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        this.nexus = server;
    }

    /** Name of the broker listener the remote log metadata manager must use. */
    static String listenerName() {
        return LISTENER;
    }

    /**
     * Broker settings for tiered storage through this Nexus. Remote-log tasks and local retention run
     * every second so that segments tier, and their local copies go, while a benchmark runs.
     */
    Map<String, String> brokerConfig() {
        Map<String, String> config = new HashMap<>();
        config.put("remote.log.storage.system.enable", "true");
        config.put("remote.log.storage.manager.class.name", S3RemoteStorageManager.class.getName());
        config.put("remote.log.metadata.manager.listener.name", LISTENER);
        config.put("rlmm.config.remote.log.metadata.topic.replication.factor", "1");
        config.put("rlmm.config.remote.log.metadata.topic.num.partitions", "1");
        config.put("remote.log.manager.task.interval.ms", "1000");
        config.put("log.retention.check.interval.ms", "1000");
        config.put("rsm.config." + S3StorageConfig.ENDPOINT, nexus.endpoint().toString());
        config.put("rsm.config." + S3StorageConfig.BUCKET, BUCKET);
        config.put("rsm.config." + S3StorageConfig.ACCESS_KEY, nexus.accessKey());
        config.put("rsm.config." + S3StorageConfig.SECRET_KEY, nexus.secretKey());
        return config;
    }

    /** Objects and bytes the backend holds for the tiered log segments, as stored (compressed or not). */
    long[] storedLogSegments() {
        Path bucket = backend.resolve(BUCKET);
        if (!Files.isDirectory(bucket)) {
            return new long[] {0, 0};
        }
        try (Stream<Path> files = Files.walk(bucket)) {
            long[] countAndBytes = new long[2];
            files.filter(p -> p.toString().endsWith(".log") && Files.isRegularFile(p)).forEach(p -> {
                countAndBytes[0]++;
                countAndBytes[1] += size(p);
            });
            return countAndBytes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String endpoint() {
        return nexus.endpoint().toString();
    }

    @Override
    public void close() throws Exception {
        nexus.close();
    }
}
