package io.xtremehub.nexus;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.marker.ObjectMarker;
import io.xtremehub.nexus.metadata.MetadataJson;
import io.xtremehub.nexus.metadata.RedisMetadataStore;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.nexus.streamlet.StreamletRegistry;
import io.xtremehub.nexus.swarm.Member;
import io.xtremehub.nexus.swarm.PartitionRing;
import io.xtremehub.nexus.swarm.SwarmletDirectory;
import io.xtremehub.nexus.swarm.SwarmletView;
import io.xtremehub.testkit.FreePorts;
import io.xtremehub.testkit.RedisServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The Nexus mesh across hosts: every worker is a JVM of its own ({@code nexus serve}), the
 * {@code edge} swarmlet's in one network namespace and the {@code cloud} and {@code cloud-gpu}
 * swarmlets' in another, each bound to its namespace's address on a bridge; redis-server runs in
 * the root namespace on the bridge, and so do the AWS SDK clients of this test. The link between
 * the sites is slow: where the kernel has tc netem, what leaves the edge namespace is delayed by
 * {@value #DELAY_MS} ms; where it has not (the reason is printed), workers advertise a relay in the
 * root namespace that delays every byte between workers by {@value #DELAY_MS} ms each way. Skipped,
 * with one message, only where {@code ip netns add} is refused.
 */
class SwarmletNamespacesIT {
    private static final int DELAY_MS = 20;
    private static final Duration DELAY = Duration.ofMillis(DELAY_MS);
    private static final String NS = "netns";
    private static final String MESH_SECRET = "netns-mesh-secret";
    private static final String ACCESS_KEY = "netns-access";
    private static final String SECRET_KEY = "netns-secret-key-0123456789";
    private static final String ADMIN_TOKEN = "netns-admin-token";
    private static final String AES_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    private static final List<String> BUCKETS = List.of("lts", "gpu", "stale", "join", "crash");
    private static final int CHUNKS_PER_PARTITION = 12;

    @TempDir
    static Path tmp;
    static NetworkNamespaces lab;
    /** Why tc netem could not delay the edge's traffic, or null if it does. */
    static String netemRefused;
    static RedisServer redis;
    static RedisMetadataStore store;
    static SwarmletDirectory directory;
    static final Map<String, Worker> workers = new ConcurrentHashMap<>();
    static final List<DelayingRelay> relays = new ArrayList<>();
    /** Every port given to a worker of this class ({@link #unusedPort}). */
    private static final Set<Integer> PICKED = new HashSet<>();
    static S3Client edge;

    /** A worker JVM in a namespace, and where it listens. */
    record Worker(String id, WorkerJvm jvm, String address, int s3Port, int adminPort) {
        URI s3() {
            return URI.create("http://" + address + ":" + s3Port);
        }

        URI admin(String path) {
            return URI.create("http://" + address + ":" + adminPort + path);
        }
    }

    @BeforeAll
    static void start() throws Exception {
        try {
            lab = NetworkNamespaces.create(List.of("edge", "cloud"));
        } catch (NetworkNamespaces.NotPermitted e) {
            Assumptions.abort("network namespaces are not permitted here: " + e.getMessage());
        }
        netemRefused = lab.tryNetemDelay("edge", DELAY);
        System.out.println(lab + (netemRefused == null ? "; tc netem delays what leaves the edge namespace"
                : "; tc netem refused (" + netemRefused + "): a relay in the root namespace delays instead"));
        redis = RedisServer.start(tmp, List.of(lab.hostAddress()));
        store = new RedisMetadataStore("127.0.0.1", redis.port(), NS);
        directory = new SwarmletDirectory("127.0.0.1", redis.port(), NS);
        try (StreamletRegistry registry = new StreamletRegistry(store, tmp.resolve("jars"))) {
            registry.register(StreamletJars.build(tmp, "gpu-xor", Map.of("demo.gpu.GpuXor", SwarmletHopsIT.GPU_XOR)));
        }
        store.definePolicy(policy("lts", new StreamletRef("zstd", Map.of(), "edge"),
                new StreamletRef("aes-gcm", Map.of("key", AES_KEY), "cloud")));
        store.definePolicy(policy("gpu", new StreamletRef("zstd", Map.of(), "edge"),
                new StreamletRef("gpu-xor", Map.of(), "cloud"), new StreamletRef("aes-gcm", Map.of("key", AES_KEY),
                        "cloud")));
        store.definePolicy(policy("stale", new StreamletRef("zstd", Map.of(), "edge"),
                new StreamletRef("aes-gcm", Map.of("key", AES_KEY), "cloud")));
        for (String bucket : List.of("join", "crash")) {
            store.definePolicy(new Policy(bucket, 0, SystemType.PRAVEGA, bucket, "**",
                    List.of(new StreamletRef("partition-stats", Map.of(), "cloud")), List.of()));
        }
        startWorker("e1", "edge", "edge", "edge", List.of());
        startWorker("c1", "cloud", "cloud", "cloud", List.of());
        startWorker("c2", "cloud", "cloud", "cloud", List.of());
        startWorker("g1", "cloud", "cloud-gpu", "cloud", List.of("gpu"));
        awaitLive("edge", List.of("e1"));
        awaitLive("cloud", List.of("c1", "c2"));
        awaitLive("cloud-gpu", List.of("g1"));
        edge = SwarmletCrashIT.patientClient(workers.get("e1").s3(), ACCESS_KEY, SECRET_KEY, new AtomicInteger());
    }

    @AfterAll
    static void stop() throws Exception {
        if (edge != null) {
            edge.close();
        }
        for (Worker w : workers.values()) {
            w.jvm().close();
        }
        for (DelayingRelay r : relays) {
            r.close();
        }
        if (directory != null) {
            directory.close();
        }
        if (store != null) {
            store.close();
        }
        if (redis != null) {
            redis.close();
        }
        if (lab != null) {
            lab.close(); // also kills anything still running in the namespaces
        }
    }

    /**
     * A port free in the root namespace and not given to any worker of this class: a worker's admin port is
     * bound only inside its namespace, where the root's check cannot see it (a second worker of the cloud
     * namespace once got the first one's admin port as its S3 port: "Address already in use").
     */
    private static int unusedPort() {
        while (true) {
            int port = FreePorts.pick();
            if (PICKED.add(port)) {
                return port;
            }
        }
    }

    /** Starts {@code nexus serve} in the namespace, on its address; its peers reach it after the delay. */
    static Worker startWorker(String id, String namespace, String swarmlet, String location, List<String> hardware)
            throws IOException {
        String address = lab.address(namespace);
        int s3Port = unusedPort();
        int meshPort = unusedPort();
        int adminPort = unusedPort();
        String advertised = address;
        if (netemRefused != null) {
            advertised = lab.hostAddress();
            for (int port : List.of(s3Port, meshPort)) {
                relays.add(DelayingRelay.start(new InetSocketAddress(advertised, port),
                        new InetSocketAddress(address, port), DELAY));
            }
        }
        String yaml = """
                listen: {host: %s, port: %d, adminPort: %d}
                credentials: {accessKey: %s, secretKey: %s}
                adminToken: %s
                backend: {type: filesystem, path: %s}
                metadata: {redis: "redis://%s:%d/%s"}
                buckets: [%s]
                swarmlet:
                  name: %s
                  secret: %s
                  workerId: %s
                  meshPort: %d
                  advertisedHost: %s
                  livenessTtlSeconds: 2
                  location: %s
                  hardware: [%s]
                """.formatted(address, s3Port, adminPort, ACCESS_KEY, SECRET_KEY, ADMIN_TOKEN, backend(swarmlet),
                lab.hostAddress(), redis.port(), NS, String.join(", ", BUCKETS), swarmlet, MESH_SECRET, id, meshPort,
                advertised, location, String.join(", ", hardware));
        WorkerJvm jvm = WorkerJvm.serve(yaml, tmp.resolve(id), lab.exec(namespace));
        Worker worker = new Worker(id, jvm, address, s3Port, adminPort);
        workers.put(id, worker);
        return worker;
    }

    static void awaitLive(String swarmlet, List<String> ids) {
        await().atMost(Duration.ofSeconds(120)).until(() -> {
            for (Worker w : workers.values()) {
                assertTrue(!ids.contains(w.id()) || w.jvm().alive(), () -> w.id() + " exited:\n" + w.jvm().console());
            }
            return liveIds(swarmlet).equals(ids);
        });
    }

    static List<String> liveIds(String swarmlet) {
        return directory.find(swarmlet).map(SwarmletView::workers).orElse(List.of()).stream()
                .map(SwarmletView.Worker::id).sorted().toList();
    }

    static Path backend(String swarmlet) {
        return tmp.resolve("backend-" + swarmlet);
    }

    static Policy policy(String bucket, StreamletRef... steps) {
        return new Policy(bucket, 0, SystemType.GENERIC, bucket, "**", List.of(steps), List.of());
    }

    static ObjectMarker storedMarker(String swarmlet, String bucket, String key) {
        return SwarmletHopsIT.storedMarker(backend(swarmlet), bucket, key);
    }

    static byte[] get(S3Client s3, String bucket, String key) {
        return s3.getObjectAsBytes(r -> r.bucket(bucket).key(key)).asByteArray();
    }

    static String adminGet(Worker w, String path) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(w.admin(path))
                .header("Authorization", "Bearer " + ADMIN_TOKEN).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), () -> path + " of " + w.id() + ": " + response.body());
        return response.body();
    }

    static double streamletPuts(String workerId, String streamlet) throws Exception {
        return PrometheusText.value(adminGet(workers.get(workerId), "/metrics"), "nexus_streamlet_seconds_count",
                "streamlet", streamlet, "operation", "put");
    }

    /** The policy version the worker's cache holds, as its admin API shows it. */
    static long cachedVersion(String workerId, String policy) throws Exception {
        return Arrays.stream(MetadataJson.read(adminGet(workers.get(workerId), "/policies"), Policy[].class))
                .filter(p -> p.name().equals(policy)).findFirst().orElseThrow().version();
    }

    static long relayedBytes() {
        return relays.stream().mapToLong(DelayingRelay::bytes).sum();
    }

    @Test
    void theEdgeReachesTheCloudOnlyAfterTheDelay() throws Exception {
        Worker c1 = workers.get("c1");
        String advertised = directory.find("cloud").orElseThrow().workers().stream()
                .filter(w -> w.id().equals("c1")).findFirst().orElseThrow().mesh().toString();
        // curl from inside the edge namespace: connect, request and answer cross the delayed path
        List<String> command = new ArrayList<>(lab.exec("edge"));
        command.addAll(List.of("curl", "-s", "-o", "/dev/null", "-w", "%{http_code} %{time_total}", advertised));
        Process curl = new ProcessBuilder(command).redirectErrorStream(true).start();
        String[] out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip().split(" ");
        assertEquals(0, curl.waitFor(), () -> "curl failed: " + String.join(" ", out));
        assertFalse(out[0].equals("000"), () -> "no answer from c1's mesh endpoint " + advertised + " in the edge"
                + " namespace (" + c1.address() + ")");
        double seconds = Double.parseDouble(out[1]);
        System.out.printf("edge -> cloud mesh request took %.1f ms (%s)%n", seconds * 1000, advertised);
        // the request and its answer each cross the slow link once
        assertTrue(seconds * 1000 >= 2 * DELAY_MS, () -> "the edge had an answer from " + advertised + " in "
                + seconds + " s: the link is not delayed by " + DELAY_MS + " ms");
    }

    @Test
    void anEdgeToCloudPipelineRoundTripsByteForByteAndTheClientCannotTellItWasForwarded() throws Exception {
        byte[] data = TestData.logLines(3 << 20, 21);
        long relayedBefore = relayedBytes();
        var put = edge.putObject(r -> r.bucket("lts").key("seg/0"), RequestBody.fromBytes(data));

        String md5 = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data));
        assertEquals("\"" + md5 + "\"", put.eTag()); // its own bytes' digest, not the stored (encrypted) ones'
        var got = edge.getObjectAsBytes(r -> r.bucket("lts").key("seg/0"));
        assertArrayEquals(data, got.asByteArray());
        assertEquals(put.eTag(), got.response().eTag());
        assertTrue(got.response().sdkHttpResponse().headers().keySet().stream()
                .noneMatch(h -> h.toLowerCase().startsWith("x-nexus")), () -> got.response().sdkHttpResponse()
                .headers().keySet().toString());
        assertEquals(data.length, edge.headObject(r -> r.bucket("lts").key("seg/0")).contentLength());
        int first = 1_000_003;
        assertArrayEquals(Arrays.copyOfRange(data, first, first + 70_000), edge.getObjectAsBytes(r -> r.bucket("lts")
                .key("seg/0").range("bytes=" + first + "-" + (first + 69_999))).asByteArray());
        try (S3Client cloud = SwarmletCrashIT.patientClient(workers.get("c2").s3(), ACCESS_KEY, SECRET_KEY,
                new AtomicInteger())) {
            assertArrayEquals(data, get(cloud, "lts", "seg/0"));
        }

        // stored once, in the cloud, compressed at the edge then encrypted in the cloud
        assertFalse(Files.exists(backend("edge").resolve("lts").resolve("seg/0")));
        assertEquals(List.of(0, 1), storedMarker("cloud", "lts", "seg/0").steps().stream()
                .map(ObjectMarker.Step::position).toList());
        long stored = Files.size(backend("cloud").resolve("lts").resolve("seg/0"));
        assertTrue(stored * 3 < data.length);
        if (netemRefused != null) {
            // the compressed chunk crossed the delaying relay, not a shortcut
            assertTrue(relayedBytes() - relayedBefore >= stored, () -> "relayed " + (relayedBytes() - relayedBefore)
                    + " bytes of a " + stored + "-byte chunk");
        }
    }

    @Test
    void aStreamletNeedingAGpuRunsOnTheGpuSwarmlet() throws Exception {
        byte[] data = TestData.logLines(1 << 20, 22);
        edge.putObject(r -> r.bucket("gpu").key("seg/1"), RequestBody.fromBytes(data));

        assertArrayEquals(data, get(edge, "gpu", "seg/1"));
        assertEquals(List.of(0, 1, 2), storedMarker("cloud", "gpu", "seg/1").steps().stream()
                .map(ObjectMarker.Step::position).toList());
        assertFalse(Files.exists(backend("cloud-gpu").resolve("gpu").resolve("seg/1")));
        assertTrue(streamletPuts("g1", "gpu-xor") >= 1);
        for (String other : List.of("e1", "c1", "c2")) {
            assertEquals(0, streamletPuts(other, "gpu-xor"), other);
        }
    }

    @Test
    void aStalePolicyVersionIsRejectedByTheCloudAndTheEdgeRefreshesAndRetries() throws Exception {
        byte[] first = TestData.logLines(200_000, 23);
        edge.putObject(r -> r.bucket("stale").key("seg/a"), RequestBody.fromBytes(first));
        Policy v1 = store.currentPolicy("stale").orElseThrow();
        assertEquals(v1.version(), storedMarker("cloud", "stale", "seg/a").policyVersion());

        // a new version lands in Redis without its announcement: every worker's cache still says v1
        Policy v2 = policy("stale", new StreamletRef("zstd", Map.of("level", "9"), "edge"),
                new StreamletRef("aes-gcm", Map.of("key", AES_KEY), "cloud")).withVersion(v1.version() + 1);
        SwarmletHopsIT.landWithoutAnnouncement(redis.port(), NS, v2);
        assertEquals(v1.version(), cachedVersion("e1", "stale"));

        byte[] second = TestData.logLines(200_000, 24);
        edge.putObject(r -> r.bucket("stale").key("seg/b"), RequestBody.fromBytes(second));
        assertEquals(v2.version(), storedMarker("cloud", "stale", "seg/b").policyVersion());
        assertEquals(v2.version(), cachedVersion("e1", "stale")); // the cloud's 412 made the edge re-read it
        assertArrayEquals(first, get(edge, "stale", "seg/a"));
        assertArrayEquals(second, get(edge, "stale", "seg/b"));
    }

    @Test
    void aWorkerJoiningTheCloudDuringWritesTakesOverPartitionsWithExactState() throws Exception {
        List<String> before = liveIds("cloud");
        String joiner = "c3";
        List<String> after = new ArrayList<>(before);
        after.add(joiner);
        List<Integer> segments = segmentsOwnedBy(after, joiner, 3);
        Writes writes = new Writes("join", segments);
        // half of each partition's chunks go to the old owners, the rest after the joiner is seen
        writes.start(List.of(edge), () -> liveIds("cloud").contains(joiner));
        await().atMost(Duration.ofSeconds(60)).until(() -> writes.written() >= 6);
        startWorker(joiner, "cloud", "cloud", "cloud", List.of());
        awaitLive("cloud", after.stream().sorted().toList());
        int atJoin = writes.written();
        writes.finish();

        writes.assertExactState();
        assertTrue(streamletPuts(joiner, "partition-stats") >= 1, joiner + " counted none of its partitions' chunks");
        System.out.printf("%s joined after %d of %d PUTs%n", joiner, atJoin, writes.total());
    }

    @Test
    void killingAnOwnerInTheCloudDuringWritesLosesNoChunkAndCountsNoneTwice() throws Exception {
        List<String> before = liveIds("cloud");
        String victim = "c4";
        startWorker(victim, "cloud", "cloud", "cloud", List.of());
        List<String> with = new ArrayList<>(before);
        with.add(victim);
        awaitLive("cloud", with.stream().sorted().toList());
        List<Integer> segments = segmentsOwnedBy(with, victim, 3);
        Writes writes = new Writes("crash", segments);
        AtomicInteger attempts = new AtomicInteger();
        // through the edge (a hop) and through a cloud worker that is no owner (forwarded in the swarmlet)
        try (S3Client viaEdge = SwarmletCrashIT.patientClient(workers.get("e1").s3(), ACCESS_KEY, SECRET_KEY, attempts);
             S3Client viaCloud = SwarmletCrashIT.patientClient(workers.get(before.get(0)).s3(), ACCESS_KEY,
                     SECRET_KEY, attempts)) {
            writes.start(List.of(viaEdge, viaCloud), () -> true);
            await().atMost(Duration.ofSeconds(60)).until(() -> writes.written() >= writes.total() / 3);
            WorkerJvm killed = workers.get(victim).jvm();
            assertTrue(lab.pids("cloud").contains(killed.pid()), "the worker JVM runs in the cloud namespace");
            killed.kill();
            int atKill = writes.written();
            assertFalse(lab.pids("cloud").contains(killed.pid()), "kill -9 reached the JVM, not only a launcher");
            writes.finish(); // every PUT succeeded, some after retries
            awaitLive("cloud", before);

            writes.assertExactState();
            System.out.printf("%s killed after %d of %d PUTs; the clients sent %d requests%n", victim, atKill,
                    writes.total(), attempts.get());
        }
    }

    /** Segments whose partitions the worker owns among {@code ids}, then as many owned by the others. */
    static List<Integer> segmentsOwnedBy(List<String> ids, String owner, int each) {
        List<Member> members = ids.stream().map(id -> new Member(id, URI.create("http://" + id + ":1"))).toList();
        PartitionRing ring = new PartitionRing(members);
        List<Integer> owned = new ArrayList<>();
        List<Integer> others = new ArrayList<>();
        for (int s = 0; owned.size() < each || others.size() < each; s++) {
            List<Integer> into = ring.owner(SwarmletCrashIT.partitionOf(SwarmletCrashIT.chunkKey(s, 0))).id()
                    .equals(owner) ? owned : others;
            if (into.size() < each) {
                into.add(s);
            }
        }
        owned.addAll(others);
        return owned;
    }

    /**
     * Chunks of stream partitions written concurrently, one writer per partition writing its chunks
     * in order (as a tiering system does), each through the clients in turn.
     */
    static final class Writes {
        private final String bucket;
        private final List<Integer> segments;
        private final Map<Integer, List<byte[]>> data = new LinkedHashMap<>();
        private final Map<Integer, List<String>> keys = new LinkedHashMap<>();
        private final AtomicInteger written = new AtomicInteger();
        private final ExecutorService writers;
        private final List<Future<?>> done = new ArrayList<>();

        Writes(String bucket, List<Integer> segments) {
            this.bucket = bucket;
            this.segments = segments;
            this.writers = Executors.newFixedThreadPool(segments.size());
            for (int s : segments) {
                Random random = new Random(s);
                List<byte[]> chunks = new ArrayList<>();
                List<String> names = new ArrayList<>();
                for (int i = 0; i < CHUNKS_PER_PARTITION; i++) {
                    chunks.add(TestData.logLines(4_000 + random.nextInt(12_000), s * 1000L + i));
                    names.add(SwarmletCrashIT.chunkKey(s, i));
                }
                data.put(s, chunks);
                keys.put(s, names);
            }
        }

        /** Starts the writers; each waits for {@code secondHalf} before the second half of its chunks. */
        void start(List<S3Client> clients, BooleanSupplier secondHalf) {
            for (int s : segments) {
                done.add(writers.submit(() -> {
                    for (int i = 0; i < CHUNKS_PER_PARTITION; i++) {
                        if (i == CHUNKS_PER_PARTITION / 2) {
                            await().atMost(Duration.ofSeconds(120)).until(secondHalf::getAsBoolean);
                        }
                        String key = keys.get(s).get(i);
                        clients.get(i % clients.size()).putObject(r -> r.bucket(bucket).key(key),
                                RequestBody.fromBytes(data.get(s).get(i)));
                        written.incrementAndGet();
                    }
                    return null;
                }));
            }
        }

        int written() {
            return written.get();
        }

        int total() {
            return segments.size() * CHUNKS_PER_PARTITION;
        }

        /** Waits for every writer; fails if a PUT failed even after its retries. */
        void finish() throws Exception {
            try {
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                writers.shutdownNow();
            }
        }

        /** Each partition's counters hold every chunk exactly once: no gap, no double count. */
        void assertExactState() {
            for (int s : segments) {
                String partition = SwarmletCrashIT.partitionOf(keys.get(s).get(0));
                String stateKey = bucket + "/0/partition-stats/" + partition;
                Map<?, ?> state = MetadataJson.read(store.readState(List.of(stateKey)).get(stateKey).json(), Map.class);
                long bytes = data.get(s).stream().mapToLong(d -> d.length).sum();
                assertEquals(CHUNKS_PER_PARTITION, ((Number) state.get("chunks")).intValue(), "chunks of " + partition);
                assertEquals(bytes, ((Number) state.get("bytes")).longValue(), "bytes of " + partition);
            }
        }
    }
}
