package io.xtremehub.nexus.bench;

import io.xtremehub.nexus.Backend;
import io.xtremehub.nexus.NexusServer;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * One S3 endpoint under test, on its own filesystem backend directory: S3Proxy alone (the
 * baseline), or Nexus with a single-streamlet policy on the benchmark bucket.
 */
final class BenchTarget implements AutoCloseable {
    static final String BUCKET = "bench";
    static final String ACCESS = "bench";
    static final String SECRET = "bench-secret";
    private static final long MAX_OBJECT = 5L << 30;

    final String name;
    final URI endpoint;
    final S3Client client;
    private final Path backendDir;
    private final AutoCloseable server;

    private BenchTarget(String name, URI endpoint, Path backendDir, AutoCloseable server) {
        this.name = name;
        this.endpoint = endpoint;
        this.backendDir = backendDir;
        this.server = server;
        this.client = BenchClients.client(endpoint);
    }

    /**
     * Starts a target: {@code s3proxy} or {@code nexus-<streamlet>} (noop, gzip, zstd, aes-gcm, ...).
     *
     * @param dir directory for its backend (and Nexus work directory)
     */
    static BenchTarget start(String name, Path dir) throws Exception {
        Path backend = Files.createDirectories(dir.resolve("backend"));
        BenchTarget target;
        if (name.equals("s3proxy")) {
            // configured exactly as Nexus configures its embedded S3Proxy, minus the middleware
            S3Proxy proxy = S3Proxy.builder().blobStore(new FilesystemNio2BlobStore(backend.toString()))
                    .endpoint(URI.create("http://127.0.0.1:0")).maxSinglePartObjectSize(MAX_OBJECT)
                    .ignoreUnknownHeaders(true)
                    .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS, SECRET).build();
            proxy.start();
            target = new BenchTarget(name, URI.create("http://127.0.0.1:" + proxy.getPort()), backend, proxy::stop);
        } else if (name.startsWith("nexus-")) {
            NexusServer nexus = NexusServer.builder().backend(Backend.filesystem(backend)).credentials(ACCESS, SECRET)
                    .workDir(dir.resolve("work")).adminPort(-1).maxObjectSize(MAX_OBJECT).build().start();
            nexus.definePolicy(new Policy("bench", 0, SystemType.GENERIC, BUCKET, "**",
                    List.of(new StreamletRef(name.substring("nexus-".length()), parameters(name))), List.of()));
            target = new BenchTarget(name, nexus.endpoint(), backend, nexus);
        } else {
            throw new IllegalArgumentException("unknown target '" + name + "': use s3proxy or nexus-<streamlet>");
        }
        try {
            target.client.createBucket(b -> b.bucket(BUCKET));
        } catch (RuntimeException e) {
            target.close(); // a server left running would keep the JVM alive after the benchmark failed
            throw e;
        }
        return target;
    }

    /** The streamlet's defaults; AES-GCM needs a key (a fixed one: this is a benchmark). */
    private static Map<String, String> parameters(String name) {
        return name.equals("nexus-aes-gcm") ? Map.of("key", "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")
                : Map.of();
    }

    /** Bytes the backend stores for a key of the benchmark bucket. */
    long storedBytes(String key) throws IOException {
        return Files.size(backendDir.resolve(BUCKET).resolve(key));
    }

    @Override
    public void close() throws Exception {
        client.close();
        server.close();
    }
}
