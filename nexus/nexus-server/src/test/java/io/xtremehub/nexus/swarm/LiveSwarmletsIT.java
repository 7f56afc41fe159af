package io.xtremehub.nexus.swarm;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.testkit.RedisServer;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * The swarmlets a hop reads on every chunk, cached between announcements, against a real
 * redis-server: joins and leaves are seen at once, a lease that runs out silently after the
 * maximum age, and nothing else makes it read Redis again.
 */
class LiveSwarmletsIT {
    private static final String NS = "live";

    @TempDir
    static Path tmp;
    static RedisServer redis;

    @BeforeAll
    static void start() throws Exception {
        redis = RedisServer.start(tmp);
    }

    @AfterAll
    static void stop() throws Exception {
        redis.close();
    }

    private static Member worker(String id, int port) {
        return new Member(id, URI.create("http://127.0.0.1:" + port), null, null,
                new SwarmletLabels("loc-" + id.charAt(0), List.of()));
    }

    private static List<String> ids(List<Member> members) {
        return members.stream().map(Member::id).toList();
    }

    @Test
    void announcedJoinsAndLeavesAreSeenAtOnceAndNothingElseIsReadAgain() {
        try (SwarmletDirectory directory = new SwarmletDirectory("127.0.0.1", redis.port(), NS);
             RedisMembership a1 = new RedisMembership("127.0.0.1", redis.port(), NS, "a", Duration.ofSeconds(30));
             RedisMembership a2 = new RedisMembership("127.0.0.1", redis.port(), NS, "a", Duration.ofSeconds(30))) {
            a1.join(worker("a1", 1001));
            LiveSwarmlets live = LiveSwarmlets.watching(directory, Duration.ofHours(1));
            assertEquals(List.of("a1"), ids(live.workers("a")));
            assertEquals(List.of("a"), List.copyOf(live.labels().keySet()));

            long reads = redisReads();
            for (int i = 0; i < 50; i++) {
                live.workers("a");
                live.labels();
            }
            // without the cache: 4 reads per round; a membership heartbeat may read a few meanwhile
            assertTrue(redisReads() - reads < 10, "cached reads went to Redis");

            a2.join(worker("a2", 1002));
            await().atMost(Duration.ofSeconds(5)).until(() -> ids(live.workers("a")).equals(List.of("a1", "a2")));
            try (RedisMembership b1 = new RedisMembership("127.0.0.1", redis.port(), NS, "b", Duration.ofSeconds(30))) {
                b1.join(worker("b1", 1003));
                await().atMost(Duration.ofSeconds(5)).until(() -> live.labels().containsKey("b"));
            }
            a2.close();
            await().atMost(Duration.ofSeconds(5)).until(() -> ids(live.workers("a")).equals(List.of("a1")));
        }
    }

    @Test
    void aLeaseThatRunsOutSilentlyIsNoticedWithinTheMaximumAge() {
        AtomicLong now = new AtomicLong();
        try (SwarmletDirectory directory = new SwarmletDirectory("127.0.0.1", redis.port(), NS + "-lease");
             RedisMembership c1 = new RedisMembership("127.0.0.1", redis.port(), NS + "-lease", "c",
                     Duration.ofSeconds(30))) {
            c1.join(worker("c1", 1004));
            LiveSwarmlets live = new LiveSwarmlets(directory, Duration.ofSeconds(1), now::get);
            assertEquals(List.of("c1"), ids(live.workers("c")));
            try (Jedis jedis = new Jedis("127.0.0.1", redis.port())) {
                jedis.del(new SwarmletKeys(NS + "-lease", "c").alive("c1")); // as if its lease ran out: no word
            }
            now.addAndGet(Duration.ofMillis(999).toNanos());
            assertEquals(List.of("c1"), ids(live.workers("c")), "re-read before the maximum age");
            now.addAndGet(Duration.ofMillis(1).toNanos());
            assertEquals(List.of(), ids(live.workers("c")));
        }
    }

    private static long redisReads() {
        try (Jedis jedis = new Jedis("127.0.0.1", redis.port())) {
            String stats = jedis.info("commandstats");
            long n = 0;
            for (String line : stats.split("\r?\n")) {
                for (String cmd : List.of("hget", "hgetall", "exists")) {
                    if (line.startsWith("cmdstat_" + cmd + ":calls=")) {
                        n += Long.parseLong(line.substring(line.indexOf('=') + 1, line.indexOf(',')));
                    }
                }
            }
            return n;
        }
    }
}
