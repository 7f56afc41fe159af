package io.xtremehub.nexus.bench;

import io.xtremehub.nexus.Backend;
import io.xtremehub.nexus.NexusServer;
import io.xtremehub.nexus.metadata.RedisMetadataStore;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.nexus.swarm.SwarmletConfig;
import io.xtremehub.testkit.RedisServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The same pipeline of three no-op streamlets placed on one, two or three swarmlets: three
 * single-worker swarmlets at locations {@code loc-a}, {@code loc-b}, {@code loc-c} (in this JVM, on
 * one redis-server, each with its own filesystem backend), and a bucket per placement, all entered
 * at {@code loc-a}:
 * {@code one-worker} runs the three steps at a and stores there; {@code 2-hops} runs the first at a
 * and streams to b, which runs the other two and stores; {@code 3-hops} runs one step on each,
 * storing at c. A GET at a of a chunk stored elsewhere is served by the storing swarmlet over the mesh.
 */
final class HopPipelines implements AutoCloseable {
    static final List<String> TARGETS = List.of("one-worker", "2-hops", "3-hops");
    private static final String NS = "hops";
    private static final List<String> LOCATIONS = List.of("loc-a", "loc-b", "loc-c");

    private final RedisServer redis;
    private final List<NexusServer> workers = new ArrayList<>();
    private final List<RedisMetadataStore> stores = new ArrayList<>();
    private final List<BenchTarget> targets = new ArrayList<>();
    private String firstStep = "noop";

    private HopPipelines(RedisServer redis) {
        this.redis = redis;
    }

    static HopPipelines start(Path dir) throws Exception {
        return start(dir, "noop");
    }

    /**
     * The placements with {@code firstStep} as the pipeline's first streamlet (the other two no-ops):
     * {@code zstd} makes every placement store a transformed chunk.
     */
    static HopPipelines start(Path dir, String firstStep) throws Exception {
        HopPipelines p = new HopPipelines(RedisServer.start(Files.createDirectories(dir.resolve("redis"))));
        p.firstStep = firstStep;
        try {
            p.startSwarmlets(dir);
            return p;
        } catch (Exception | Error e) {
            p.close();
            throw e;
        }
    }

    private void startSwarmlets(Path dir) throws Exception {
        for (String location : LOCATIONS) {
            RedisMetadataStore store = new RedisMetadataStore("127.0.0.1", redis.port(), NS);
            stores.add(store);
            workers.add(NexusServer.builder().backend(Backend.filesystem(Files.createDirectories(
                    dir.resolve("backend-" + location)))).workDir(dir.resolve("work-" + location))
                    .credentials(BenchTarget.ACCESS, BenchTarget.SECRET).metadata(store).adminPort(-1)
                    .swarmlet(SwarmletConfig.builder("swarmlet-" + location).secret("bench-mesh-secret")
                            .workerId(location + "-1").location(location).build())
                    .build().start());
        }
        for (NexusServer w : workers) {
            for (String bucket : TARGETS) {
                w.ensureBucket(bucket);
            }
        }
        NexusServer entry = workers.get(0);
        entry.definePolicy(policy("one-worker", "loc-a", "loc-a", "loc-a"));
        entry.definePolicy(policy("2-hops", "loc-a", "loc-b", "loc-b"));
        entry.definePolicy(policy("3-hops", "loc-a", "loc-b", "loc-c"));
        Waits.until("every swarmlet has the three policies", () -> stores.stream()
                .allMatch(s -> s.activePolicies().size() == TARGETS.size()));
        for (String name : TARGETS) {
            targets.add(BenchTarget.on(name, entry.endpoint(), name));
        }
    }

    private Policy policy(String bucket, String... locations) {
        List<StreamletRef> steps = new ArrayList<>();
        for (String location : locations) {
            steps.add(new StreamletRef(steps.isEmpty() ? firstStep : "noop", Map.of(), location));
        }
        return new Policy(bucket, 0, SystemType.GENERIC, bucket, "**", steps, List.of());
    }

    /** The port of the redis-server every swarmlet shares. */
    int redisPort() {
        return redis.port();
    }

    /** The placements, in {@link #TARGETS} order, each a bucket at the first swarmlet. */
    List<BenchTarget> targets() {
        return targets;
    }

    @Override
    public void close() throws Exception {
        for (BenchTarget t : targets) {
            t.close();
        }
        for (NexusServer w : workers) {
            w.close();
        }
        stores.forEach(RedisMetadataStore::close);
        redis.close();
    }
}
