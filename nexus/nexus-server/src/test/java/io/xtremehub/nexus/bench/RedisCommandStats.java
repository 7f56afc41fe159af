package io.xtremehub.nexus.bench;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import redis.clients.jedis.Jedis;

/**
 * Calls per command as the Redis server counts them ({@code INFO commandstats}), independent of
 * what Nexus counts itself. Commands a Lua script runs ({@code redis.call}) are counted under
 * their own names as well as the {@code eval}/{@code evalsha} that ran them, so a read inside a
 * check-and-set script shows up as the {@code hget} it is.
 *
 * @param calls calls per lower-case command name ({@code info} itself excluded)
 */
record RedisCommandStats(Map<String, Long> calls) {
    /** Commands that read keys' values or existence (what the benchmark counts as metadata reads). */
    static final Set<String> READS = Set.of("get", "mget", "getex", "getrange", "strlen", "exists", "type", "ttl",
            "pttl", "hget", "hmget", "hgetall", "hkeys", "hvals", "hlen", "hexists", "hscan", "hrandfield", "smembers",
            "sismember", "smismember", "scard", "sscan", "lrange", "lindex", "llen", "zrange", "zrangebyscore",
            "zscore", "zcard", "zscan", "keys", "scan", "dump");

    /** Scripts: their inner commands are counted under their own names too. */
    static final Set<String> SCRIPTS = Set.of("eval", "evalsha", "eval_ro", "evalsha_ro", "fcall", "fcall_ro");

    /** The server's counters now. */
    static RedisCommandStats of(String host, int port) {
        Map<String, Long> calls = new TreeMap<>();
        try (Jedis jedis = new Jedis(host, port)) {
            for (String line : jedis.info("commandstats").split("\r?\n")) {
                // cmdstat_hget:calls=12,usec=34,usec_per_call=2.83,rejected_calls=0,failed_calls=0
                if (line.startsWith("cmdstat_")) {
                    String name = line.substring("cmdstat_".length(), line.indexOf(':')).toLowerCase();
                    String rest = line.substring(line.indexOf("calls=") + "calls=".length());
                    long n = Long.parseLong(rest.substring(0, rest.indexOf(',')));
                    if (!name.equals("info")) {
                        calls.put(name, n);
                    }
                }
            }
        }
        return new RedisCommandStats(calls);
    }

    /** Calls made since {@code before}. */
    RedisCommandStats since(RedisCommandStats before) {
        Map<String, Long> delta = new TreeMap<>();
        calls.forEach((k, v) -> {
            long d = v - before.calls.getOrDefault(k, 0L);
            if (d != 0) {
                delta.put(k, d);
            }
        });
        return new RedisCommandStats(delta);
    }

    /** Calls of read commands, those inside scripts included. */
    long reads() {
        return calls.entrySet().stream().filter(e -> READS.contains(e.getKey())).mapToLong(Map.Entry::getValue).sum();
    }

    /** Calls of scripts ({@code eval}, {@code evalsha}, ...). */
    long scripts() {
        return calls.entrySet().stream().filter(e -> SCRIPTS.contains(e.getKey())).mapToLong(Map.Entry::getValue).sum();
    }

    /** Every counted call, script inner commands included. */
    long total() {
        return calls.values().stream().mapToLong(Long::longValue).sum();
    }

    @Override
    public String toString() {
        return calls.toString();
    }
}
