package io.xtremehub.faastream.testkit;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The embedded cluster of the FaaStream integration tests, with helpers to create and read streams
 * and buckets. {@link #shared()} gives every test class of the run the same cluster (names are
 * unique per test, so classes do not see each other's data); it stops when the test JVM exits.
 */
public final class TestCluster implements AutoCloseable {
    public final StandaloneCluster cluster;
    public final S3Client s3;
    public final ObjectStoreConfig store;
    public final String scope = StandaloneCluster.DEFAULT_SCOPE;
    private final StreamManager streams;
    private final EventStreamClientFactory clients;
    private final ReaderGroupManager readerGroups;

    private TestCluster(Path dir) {
        cluster = StandaloneCluster.start(ClusterConfig.ephemeral(dir));
        var cfg = cluster.config();
        store = ObjectStoreConfig.of(cluster.s3Endpoint(), cfg.ltsRegion(), cfg.ltsAccessKey(), cfg.ltsSecretKey());
        s3 = S3Client.builder().endpointOverride(URI.create(cluster.s3Endpoint()))
                .region(Region.of(cfg.ltsRegion())).forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(cfg.ltsAccessKey(), cfg.ltsSecretKey())))
                .build();
        ClientConfig cc = ClientConfig.builder().controllerURI(cluster.controllerUri()).build();
        streams = StreamManager.create(cc);
        clients = EventStreamClientFactory.withScope(scope, cc);
        readerGroups = ReaderGroupManager.withScope(scope, cc);
    }

    private static TestCluster shared;
    private boolean isShared;

    public static TestCluster start(Path dir) {
        return new TestCluster(dir);
    }

    /** The cluster all test classes of this JVM share; started on first use, stopped at exit. */
    public static synchronized TestCluster shared() {
        if (shared == null) {
            Path dir;
            try {
                dir = java.nio.file.Files.createTempDirectory("faastream-it-");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            TestCluster tc = new TestCluster(dir.resolve("cluster"));
            tc.isShared = true;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                tc.stop();
                deleteTree(dir);
            }, "faastream-it-cluster-stop"));
            shared = tc;
        }
        return shared;
    }

    private static void deleteTree(Path dir) {
        try (var paths = java.nio.file.Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (java.io.IOException | RuntimeException e) {
            // best effort at exit
        }
    }

    public URI controller() {
        return cluster.controllerUri();
    }

    public String newStream(String prefix, int segments) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        streams.createStream(scope, name, StreamConfiguration.builder().scalingPolicy(ScalingPolicy.fixed(segments)).build());
        return name;
    }

    public String newBucket(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        s3.createBucket(r -> r.bucket(name));
        return name;
    }

    public void put(String bucket, String key, byte[] data) {
        s3.putObject(r -> r.bucket(bucket).key(key), RequestBody.fromBytes(data));
    }

    public List<String> keys(String bucket, String prefix) {
        return s3.listObjectsV2Paginator(r -> r.bucket(bucket).prefix(prefix)).contents().stream()
                .map(S3Object::key).sorted().toList();
    }

    public byte[] get(String bucket, String key) {
        return s3.getObjectAsBytes(r -> r.bucket(bucket).key(key)).asByteArray();
    }

    /** All objects under the prefix, concatenated in key order. */
    public byte[] concat(String bucket, String prefix) {
        var out = new java.io.ByteArrayOutputStream();
        for (String k : keys(bucket, prefix)) {
            out.writeBytes(get(bucket, k));
        }
        return out.toByteArray();
    }

    public void write(String stream, List<byte[]> events) {
        try (EventStreamWriter<byte[]> w = clients.createEventWriter(stream, new ByteArraySerializer(),
                EventWriterConfig.builder().build())) {
            for (byte[] e : events) {
                w.writeEvent(e);
            }
            w.flush();
        }
    }

    public void writeStrings(String stream, List<String> events) {
        write(stream, events.stream().map(s -> s.getBytes(StandardCharsets.UTF_8)).toList());
    }

    /** Reads events until {@code count} arrived or the timeout passed; returns what arrived. */
    public List<byte[]> read(String stream, int count, Duration timeout) {
        String rg = "test-rg-" + UUID.randomUUID().toString().substring(0, 8);
        readerGroups.createReaderGroup(rg, ReaderGroupConfig.builder().stream(Stream.of(scope, stream))
                .automaticCheckpointIntervalMillis(1000).build());
        List<byte[]> out = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        try (EventStreamReader<byte[]> r = clients.createReader("r", rg, new ByteArraySerializer(),
                ReaderConfig.builder().build())) {
            while (out.size() < count && System.nanoTime() < deadline) {
                EventRead<byte[]> e = r.readNextEvent(200);
                if (e.getEvent() != null) {
                    out.add(e.getEvent());
                }
            }
        } finally {
            readerGroups.deleteReaderGroup(rg);
        }
        return out;
    }

    /**
     * Reads everything in the stream up to its tail at the time of the call (duplicates included):
     * use it when a finished job may have written an event more than once.
     */
    public List<String> readAllStrings(String stream, Duration timeout) {
        String rg = "test-rg-" + UUID.randomUUID().toString().substring(0, 8);
        Stream s = Stream.of(scope, stream);
        var tail = streams.fetchStreamInfo(scope, stream).join().getTailStreamCut();
        readerGroups.createReaderGroup(rg, ReaderGroupConfig.builder()
                .stream(s, io.pravega.client.stream.StreamCut.UNBOUNDED, tail)
                .automaticCheckpointIntervalMillis(1000).build());
        List<String> out = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        try (var group = readerGroups.getReaderGroup(rg);
             EventStreamReader<byte[]> r = clients.createReader("r", rg, new ByteArraySerializer(),
                ReaderConfig.builder().build())) {
            while (true) {
                EventRead<byte[]> e = r.readNextEvent(200);
                if (e.getEvent() != null) {
                    out.add(new String(e.getEvent(), StandardCharsets.UTF_8));
                } else if (!e.isCheckpoint() && group.getMetrics().unreadBytes() == 0) {
                    return out;
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("could not read " + stream + " to its tail within " + timeout
                            + " (read " + out.size() + " events)");
                }
            }
        } finally {
            readerGroups.deleteReaderGroup(rg);
        }
    }

    public List<String> readStrings(String stream, int count, Duration timeout) {
        return read(stream, count, timeout).stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    }

    public boolean streamExists(String name) {
        return streams.checkStreamExists(scope, name);
    }

    /** Stops a cluster of one's own; the shared one stays up for the other classes. */
    @Override
    public void close() {
        if (!isShared) {
            stop();
        }
    }

    private void stop() {
        readerGroups.close();
        clients.close();
        streams.close();
        s3.close();
        cluster.close();
    }
}
