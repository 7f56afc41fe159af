package io.xtremehub.tiering.kafka;

import io.xtremehub.nexus.Backend;
import io.xtremehub.nexus.NexusServer;
import io.xtremehub.nexus.marker.MarkerTrailerBlobStore;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Nexus as the Kafka tests run it, the way the embedded cluster does: a filesystem backend the
 * test can look into, SigV4 credentials, a zstd policy of system type KAFKA on the tiering bucket
 * and the {@link FlakyStreamlet} in front of zstd for the keys of topics named {@code flaky*}.
 * It can be stopped and started again on the same port, backend and metadata (an outage).
 */
final class TieringNexus implements AutoCloseable {
    static final String BUCKET = "kafka-tiered";
    static final String PREFIX = "tiered/";
    static final String ACCESS = "kafka-broker";
    static final String SECRET = "kafka-broker-secret";

    private final Path dir;
    private final Path backend;
    private final Queue<String> gets = new ConcurrentLinkedQueue<>();
    private int port;
    private NexusServer nexus;

    TieringNexus(Path dir) throws Exception {
        this.dir = dir;
        this.backend = dir.resolve("backend");
        start();
        try (S3Client s3 = client()) {
            s3.createBucket(r -> r.bucket(BUCKET));
        }
        nexus.streamlets().register(flakyJar());
        nexus.definePolicy(new Policy("kafka-zstd", 0, SystemType.KAFKA, BUCKET, "**",
                List.of(new StreamletRef("zstd", Map.of())), List.of()));
        // policies are tried by name: this one comes first, for its topics only
        nexus.definePolicy(new Policy("flaky-kafka", 0, SystemType.KAFKA, BUCKET, PREFIX + "flaky*/**",
                List.of(new StreamletRef("flaky", Map.of()), new StreamletRef("zstd", Map.of())), List.of()));
    }

    /** Runs {@code streamlet} with its parameters on the segments of the topics whose keys match {@code keyGlob}. */
    void definePolicy(String name, String keyGlob, String streamlet, Map<String, String> parameters) {
        nexus.definePolicy(new Policy(name, 0, SystemType.KAFKA, BUCKET, keyGlob,
                List.of(new StreamletRef(streamlet, parameters)), List.of()));
    }

    /** (Re)starts serving on the port of the first start, with the same backend and policies. */
    void start() throws Exception {
        nexus = NexusServer.builder()
                .backend(Backend.filesystem(backend))
                .workDir(dir.resolve("work"))
                .credentials(ACCESS, SECRET)
                .port(port)
                .adminPort(-1)
                .outerMiddleware(served -> new ForwardingBlobStore(served) {
                    @Override
                    public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
                        gets.add(request.key() + " " + request.range());
                        return super.getBlob(request);
                    }
                })
                .build()
                .start();
        port = nexus.endpoint().getPort();
    }

    /** Stops serving: the broker's requests are refused. */
    void stop() throws Exception {
        nexus.close();
    }

    /** The GETs served so far, each as its key, a space and its Range header (or "null"); clears them. */
    List<String> takeGets() {
        List<String> served = new java.util.ArrayList<>();
        for (String get; (get = gets.poll()) != null; ) {
            served.add(get);
        }
        return served;
    }

    URI endpoint() {
        return nexus.endpoint();
    }

    /** The plugin's properties (as the broker passes them, without {@code rsm.config.}). */
    Map<String, String> pluginConfig() {
        Map<String, String> config = new HashMap<>();
        config.put(S3StorageConfig.ENDPOINT, endpoint().toString());
        config.put(S3StorageConfig.BUCKET, BUCKET);
        config.put(S3StorageConfig.KEY_PREFIX, PREFIX);
        config.put(S3StorageConfig.ACCESS_KEY, ACCESS);
        config.put(S3StorageConfig.SECRET_KEY, SECRET);
        return config;
    }

    /** An S3 client of Nexus, seeing what the broker sees. */
    S3Client client() {
        return S3Client.builder().endpointOverride(endpoint()).region(Region.US_EAST_1).forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS, SECRET)))
                .build();
    }

    /** Object keys in the backend under {@code keyPrefix}, as stored (whatever Nexus did to them). */
    List<String> storedKeys(String keyPrefix) throws IOException {
        Path bucket = backend.resolve(BUCKET);
        try (Stream<Path> files = Files.walk(bucket)) {
            return files.filter(Files::isRegularFile).map(p -> bucket.relativize(p).toString())
                    .filter(k -> k.startsWith(keyPrefix)).sorted().toList();
        }
    }

    /** Bytes the backend holds for the object. */
    long storedSize(String key) throws IOException {
        return Files.size(backend.resolve(BUCKET).resolve(key));
    }

    /** Nexus' marker on the stored object (in its user metadata or trailing its bytes), if it has one. */
    Optional<String> marker(String key) {
        return Optional.ofNullable(MarkerTrailerBlobStore.over(Backend.filesystem(backend).create())
                .blobMetadata(BUCKET, key).metadata().get("nexus-marker"));
    }

    // a streamlet jar naming FlakyStreamlet: Nexus' jar loader finds the class on the test class path
    private Path flakyJar() throws IOException {
        Path jar = dir.resolve("flaky.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("META-INF/services/io.xtremehub.nexus.api.Streamlet"));
            OutputStream o = out;
            o.write(FlakyStreamlet.class.getName().getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }

    @Override
    public void close() throws Exception {
        nexus.close();
    }
}
