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
    final String bucket;
    final S3Client client;
    private final Path backendDir;
    private final AutoCloseable server;

    private BenchTarget(String name, URI endpoint, String bucket, Path backendDir, AutoCloseable server) {
        this.name = name;
        this.endpoint = endpoint;
        this.bucket = bucket;
        this.backendDir = backendDir;
        this.server = server;
        this.client = BenchClients.client(endpoint);
    }

    /**
     * A bucket on an endpoint someone else started (e.g. a pipeline's first swarmlet); closing the
     * target closes only its client.
     */
    static BenchTarget on(String name, URI endpoint, String bucket) {
        return new BenchTarget(name, endpoint, bucket, null, () -> { });
    }

    /**
     * Starts a target: {@code s3proxy} or {@code nexus-<streamlet>} (noop, gzip, zstd, aes-gcm, ...),
     * optionally with streamlet parameters: {@code nexus-zstd:blockSize=262144+level=1}.
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
            target = new BenchTarget(name, URI.create("http://127.0.0.1:" + proxy.getPort()), BUCKET, backend,
                    proxy::stop);
        } else if (name.startsWith("nexus-")) {
            NexusServer nexus = NexusServer.builder().backend(Backend.filesystem(backend)).credentials(ACCESS, SECRET)
                    .workDir(dir.resolve("work")).adminPort(-1).maxObjectSize(MAX_OBJECT).build().start();
            nexus.definePolicy(new Policy("bench", 0, SystemType.GENERIC, BUCKET, "**",
                    List.of(new StreamletRef(streamlet(name), parameters(name))), List.of()));
            target = new BenchTarget(name, nexus.endpoint(), BUCKET, backend, nexus);
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

    /** {@code nexus-<streamlet>[:k=v[+k=v...]]}: the streamlet's name. */
    private static String streamlet(String name) {
        String rest = name.substring("nexus-".length());
        return rest.contains(":") ? rest.substring(0, rest.indexOf(':')) : rest;
    }

    /** The parameters after ':' ({@code k=v} joined by '+'); AES-GCM gets a fixed key (this is a benchmark). */
    private static Map<String, String> parameters(String name) {
        Map<String, String> params = new java.util.LinkedHashMap<>();
        if (streamlet(name).equals("aes-gcm")) {
            params.put("key", "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");
        }
        int colon = name.indexOf(':');
        if (colon > 0) {
            for (String kv : name.substring(colon + 1).split("\\+")) {
                int eq = kv.indexOf('=');
                if (eq < 1) {
                    throw new IllegalArgumentException("target parameter '" + kv + "' of " + name + " is not k=v");
                }
                params.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        return params;
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
