package io.xtremehub.standalone.internal;

import io.xtremehub.nexus.Backend;
import io.xtremehub.nexus.NexusServer;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.UnaryOperator;
import org.gaul.s3proxy.blobstore.BlobStore;
import java.util.stream.Stream;

/**
 * The S3 endpoint Pravega tiers to when no external one is configured: Nexus over a
 * filesystem backend inside the data directory, with a streamlet policy on the LTS bucket.
 */
public final class EmbeddedNexus implements AutoCloseable {
    /** Name of the policy the cluster puts on its LTS bucket. */
    public static final String LTS_POLICY = "pravega-lts";
    /** File in the Nexus directory that holds the admin API token. */
    public static final String TOKEN_FILE = "admin-token";

    private final NexusServer nexus;
    private final String advertised;
    private final Path backendDir;

    public EmbeddedNexus(Path dir, ClusterAddress address, int port, int adminPort, String accessKey, String secretKey,
            UnaryOperator<BlobStore> outerMiddleware) throws Exception {
        this.advertised = address.advertised();
        this.backendDir = Files.createDirectories(dir.resolve("backend"));
        this.nexus = NexusServer.builder()
                .adminToken(adminToken(dir.resolve(TOKEN_FILE)))
                .backend(Backend.filesystem(backendDir))
                .workDir(dir.resolve("work"))
                .credentials(accessKey, secretKey)
                .host(address.listen())
                .port(port)
                .adminPort(adminPort)
                .outerMiddleware(outerMiddleware)
                .build()
                .start();
    }

    // One token per data directory, kept in a file only its owner can read, so `xtremehub nexus` finds it.
    private static String adminToken(Path file) throws IOException {
        if (Files.exists(file)) {
            return Files.readString(file).trim();
        }
        String token = UUID.randomUUID().toString();
        Files.writeString(file, token);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return token;
    }

    /** Runs {@code streamlet} (e.g. zstd) on every Pravega chunk written to the bucket; "none" runs nothing. */
    public void applyLtsPolicy(String bucket, String streamlet) {
        if (!"none".equals(streamlet)) {
            nexus.definePolicy(new Policy(LTS_POLICY, 0, SystemType.PRAVEGA, bucket, "**",
                    List.of(new StreamletRef(streamlet, Map.of())), List.of()));
        }
    }

    public String endpoint() {
        // what the server says is its bind address, which is no use to a client when it is 0.0.0.0
        return "http://" + ClusterAddress.hostPort(advertised, nexus.endpoint().getPort());
    }

    public String adminEndpoint() {
        return "http://" + ClusterAddress.hostPort(advertised, nexus.adminEndpoint().getPort());
    }

    public String adminToken() {
        return nexus.adminToken();
    }

    /** Bytes the backend really stores for a bucket, after compression. */
    public long storedBytes(String bucket) {
        return storedBytes(bucket, "");
    }

    /** Bytes the backend really stores for the objects of a bucket whose key contains {@code text}. */
    public long storedBytes(String bucket, String text) {
        Path dir = backendDir.resolve(bucket);
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        for (int attempt = 1; ; attempt++) {
            try (Stream<Path> files = Files.walk(dir)) {
                return files.filter(Files::isRegularFile)
                        .filter(p -> dir.relativize(p).toString().contains(text))
                        .mapToLong(p -> p.toFile().length()).sum();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (UncheckedIOException e) {
                // the backend writes an object to a temporary file and renames it, while Pravega tiers:
                // a file can vanish during the walk, so walk again
                if (!(e.getCause() instanceof java.nio.file.NoSuchFileException) || attempt == 5) {
                    throw e;
                }
            }
        }
    }

    /** Directory holding the objects of a bucket. */
    public Path bucketDir(String bucket) {
        return backendDir.resolve(bucket);
    }

    @Override
    public void close() throws Exception {
        nexus.close();
    }
}
