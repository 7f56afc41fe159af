package io.xtremehub.nexus.bench;

import io.xtremehub.nexus.Backend;
import io.xtremehub.nexus.NexusServer;
import io.xtremehub.nexus.metadata.RedisMetadataStore;
import io.xtremehub.nexus.metadata.StoredState;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.nexus.streamlet.PipelineFactory;
import io.xtremehub.nexus.swarm.SwarmletConfig;
import io.xtremehub.testkit.RedisServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.retries.DefaultRetryStrategy;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * One state mode on one workload: a swarmlet of {@code workers} Nexus workers (in this JVM, one
 * shared filesystem backend) on a redis-server of its own, a policy with the stateful
 * {@code partition-stats} streamlet on Pravega chunks. Clients send each request to the next worker
 * in turn, as a load balancer that knows nothing of partitions would; every partition has
 * {@code writersPerPartition} clients writing its chunks at once. All chunks are PUT, then each is
 * read back once. Counted: state loads as the workers' metadata stores count them, and every Redis
 * command as the server counts it, per phase. A 503 (a refused state write) is retried by the client
 * until acknowledged; at the end every partition's state must count exactly its chunks.
 */
final class StateReadsRun {
    private static final String NS = "bench";
    private static final String BUCKET = "stats";
    private static final String POLICY = "stats";
    private static final int MAX_ATTEMPTS = 200;

    /** The workload, the same for every mode. */
    record Workload(int workers, int partitions, int writersPerPartition, int chunksPerPartition, int chunkBytes) {
        int clients() {
            return partitions * writersPerPartition;
        }

        int chunks() {
            return partitions * chunksPerPartition;
        }
    }

    /**
     * What one mode did.
     *
     * @param storeReads state loads counted by the workers' stores, {PUT phase, GET phase}
     * @param redisReads read commands the server ran (inside scripts too), {PUT, GET}
     * @param redisCommands every command the server ran, {PUT, GET}
     * @param conflicts refused state writes (each answered 503 and retried)
     * @param retries requests the clients sent again after a 5xx
     * @param seconds wall time {PUT, GET}
     * @param putCommands the server's per-command calls in the PUT phase
     */
    record Result(StateMode mode, Workload workload, long[] storeReads, long[] redisReads, long[] redisCommands,
                  long conflicts, long retries, double[] seconds, RedisCommandStats putCommands) {
        double perRequest(long[] counts) {
            return (double) (counts[0] + counts[1]) / (2.0 * workload.chunks());
        }

        double perPut(long[] counts) {
            return (double) counts[0] / workload.chunks();
        }

        double perGet(long[] counts) {
            return (double) counts[1] / workload.chunks();
        }
    }

    private StateReadsRun() {
    }

    static Result run(StateMode mode, Workload w, Path dir) throws Exception {
        Files.createDirectories(dir);
        Path backend = Files.createDirectories(dir.resolve("backend"));
        List<NexusServer> workers = new ArrayList<>();
        List<RedisMetadataStore> stores = new ArrayList<>();
        List<S3Client> clients = new ArrayList<>();
        try (RedisServer redis = RedisServer.start(Files.createDirectories(dir.resolve("redis")))) {
            for (int i = 0; i < w.workers(); i++) {
                RedisMetadataStore store = new RedisMetadataStore("127.0.0.1", redis.port(), NS, mode.concurrency());
                stores.add(store);
                workers.add(NexusServer.builder().backend(Backend.filesystem(backend)).workDir(dir.resolve("w" + i))
                        .credentials(BenchTarget.ACCESS, BenchTarget.SECRET).metadata(store).adminPort(-1)
                        .swarmlet(SwarmletConfig.builder("stats").secret("bench-mesh-secret").workerId("w" + i)
                                .partitionRouting(mode.routing()).build())
                        .build().start());
            }
            Waits.until("all " + w.workers() + " workers are members", () -> workers.stream()
                    .allMatch(n -> n.swarmletMembers().size() == w.workers()));
            for (NexusServer n : workers) {
                clients.add(S3Client.builder().endpointOverride(n.endpoint()).region(software.amazon.awssdk.regions
                        .Region.US_EAST_1).forcePathStyle(true).credentialsProvider(
                        software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                                software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create(BenchTarget.ACCESS,
                                        BenchTarget.SECRET)))
                        .overrideConfiguration(o -> o.retryStrategy(DefaultRetryStrategy.doNotRetry())).build());
            }
            workers.get(0).ensureBucket(BUCKET);
            workers.get(0).definePolicy(new Policy(POLICY, 0, SystemType.PRAVEGA, BUCKET, "**",
                    List.of(new StreamletRef("partition-stats", Map.of())), List.of()));
            Waits.until("every worker has the policy", () -> stores.stream()
                    .allMatch(s -> s.activePolicies().size() == 1));

            byte[] data = new byte[w.chunkBytes()];
            new Random(7).nextBytes(data);
            List<String>[] keys = keys(w);
            AtomicInteger nextWorker = new AtomicInteger();
            AtomicLong retries = new AtomicLong();

            RedisCommandStats start = RedisCommandStats.of("127.0.0.1", redis.port());
            long readsStart = storeReads(stores);
            long t0 = System.nanoTime();
            parallel(w.clients(), c -> {
                for (String key : keys[c]) {
                    send(() -> clients.get(Math.floorMod(nextWorker.getAndIncrement(), clients.size()))
                            .putObject(b -> b.bucket(BUCKET).key(key), RequestBody.fromBytes(data)), retries, key);
                }
            });
            long t1 = System.nanoTime();
            RedisCommandStats afterPut = RedisCommandStats.of("127.0.0.1", redis.port());
            long readsAfterPut = storeReads(stores);
            parallel(w.clients(), c -> {
                for (String key : keys[c]) {
                    byte[] got = send(() -> clients.get(Math.floorMod(nextWorker.getAndIncrement(), clients.size()))
                            .getObjectAsBytes(b -> b.bucket(BUCKET).key(key)).asByteArray(), retries, key);
                    if (got.length != data.length) {
                        throw new IllegalStateException(key + " read back " + got.length + " bytes of " + data.length);
                    }
                }
            });
            long t2 = System.nanoTime();
            RedisCommandStats afterGet = RedisCommandStats.of("127.0.0.1", redis.port());
            long readsAfterGet = storeReads(stores);

            checkCounts(stores.get(0), w, keys);
            RedisCommandStats put = afterPut.since(start);
            RedisCommandStats get = afterGet.since(afterPut);
            long conflicts = stores.stream().mapToLong(RedisMetadataStore::stateConflicts).sum();
            return new Result(mode, w, new long[] {readsAfterPut - readsStart, readsAfterGet - readsAfterPut},
                    new long[] {put.reads(), get.reads()}, new long[] {put.total(), get.total()}, conflicts,
                    retries.get(), new double[] {(t1 - t0) / 1e9, (t2 - t1) / 1e9}, put);
        } finally {
            clients.forEach(S3Client::close);
            for (NexusServer n : workers) {
                n.close();
            }
            stores.forEach(RedisMetadataStore::close);
        }
    }

    /** Client c's chunk keys, in order: partition {@code c % partitions}, every writersPerPartition-th offset. */
    @SuppressWarnings("unchecked")
    private static List<String>[] keys(Workload w) {
        List<String>[] keys = new List[w.clients()];
        for (int c = 0; c < w.clients(); c++) {
            int segment = c % w.partitions();
            int writer = c / w.partitions();
            keys[c] = new ArrayList<>();
            for (int i = writer; i < w.chunksPerPartition(); i += w.writersPerPartition()) {
                keys[c].add("scope/stream/" + segment + ".#epoch.0.E-1-O-" + ((long) i * w.chunkBytes()) + "."
                        + new java.util.UUID(segment, i));
            }
        }
        return keys;
    }

    /** Every partition's stored state must count each of its chunks exactly once. */
    private static void checkCounts(RedisMetadataStore store, Workload w, List<String>[] keys) {
        for (int s = 0; s < w.partitions(); s++) {
            String partition = PipelineFactory.partitionKey(SystemType.PRAVEGA.layout().classify(keys[s].get(0))
                    .orElseThrow()).orElseThrow();
            String stateKey = POLICY + "/0/partition-stats/" + partition;
            StoredState state = store.readState(List.of(stateKey)).get(stateKey);
            String expected = "\"chunks\":" + w.chunksPerPartition() + ",";
            if (state == null || !state.json().contains(expected)) {
                throw new IllegalStateException("partition " + partition + " state " + (state == null ? null
                        : state.json()) + " does not count its " + w.chunksPerPartition() + " chunks once each");
            }
        }
    }

    private static long storeReads(List<RedisMetadataStore> stores) {
        return stores.stream().mapToLong(RedisMetadataStore::stateReads).sum();
    }

    private interface Request<T> {
        T send();
    }

    /** Sends until acknowledged; a 5xx (a refused state write, a partition moving) is sent again. */
    private static <T> T send(Request<T> request, AtomicLong retries, String key) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                return request.send();
            } catch (S3Exception e) {
                if (e.statusCode() < 500 || attempt == MAX_ATTEMPTS) {
                    throw new IllegalStateException(key + " failed after " + attempt + " attempts: "
                            + e.getMessage(), e);
                }
                retries.incrementAndGet();
                Thread.sleep(Math.min(50, attempt)); // a short back-off, as an SDK's retry would
            }
        }
    }

    private interface ClientLoop {
        void run(int client) throws Exception;
    }

    private static void parallel(int n, ClientLoop loop) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int c = 0; c < n; c++) {
                int client = c;
                futures.add(pool.submit(() -> {
                    loop.run(client);
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
