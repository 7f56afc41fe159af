package io.xtremehub.nexus.metadata;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;

/**
 * Partition state of stateful streamlets in Redis, fenced per (policy, partition) unit. Each claim
 * increments the unit's epoch; a write carries the epoch of the claim its state came from and is
 * applied only if that epoch is still current. Claim-and-read and check-and-write are each one Lua
 * script, so they are atomic on the Redis server: no lock is held across requests, and a worker
 * that lost a partition cannot overwrite the state of the worker that took it.
 *
 * <p>Layout: {@code <ns>:state} hash state key to state JSON (the format readers have always
 * used), {@code <ns>:state-last} hash state key to the last chunk and the state before it,
 * {@code <ns>:fence} hash unit to current epoch, {@code <ns>:fence-holder} hash unit to the worker
 * that claimed it last.
 */
final class RedisPartitionState implements PartitionStates {
    private static final String CLAIM = """
            local epoch = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
            redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
            local out = {epoch}
            for i = 3, #ARGV do
              out[#out + 1] = redis.call('HGET', KEYS[3], ARGV[i])
              out[#out + 1] = redis.call('HGET', KEYS[4], ARGV[i])
            end
            return out
            """;
    private static final String SAVE = """
            local current = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
            if current ~= tonumber(ARGV[2]) then
              return {0, current, redis.call('HGET', KEYS[2], ARGV[1]) or '?'}
            end
            for i = 3, #ARGV, 3 do
              redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 1])
              redis.call('HSET', KEYS[4], ARGV[i], ARGV[i + 2])
            end
            return {1}
            """;

    /** The last chunk of a state and the state before it, as kept in {@code <ns>:state-last}. */
    record Last(String chunk, String before) {
    }

    private final JedisPool pool;
    private final List<String> keys;
    private final AtomicLong conflicts = new AtomicLong();

    RedisPartitionState(JedisPool pool, String ns) {
        this.pool = pool;
        this.keys = List.of(ns + ":fence", ns + ":fence-holder", ns + ":state", ns + ":state-last");
    }

    @Override
    public StateClaim claim(String unit, String holder, List<String> stateKeys) {
        List<String> args = new ArrayList<>(List.of(unit, holder));
        args.addAll(stateKeys);
        List<?> out;
        try (Jedis jedis = pool.getResource()) {
            out = (List<?>) jedis.eval(CLAIM, keys, args);
        }
        return claimed(out, stateKeys);
    }

    @Override
    public Map<String, StoredState> read(List<String> stateKeys) {
        Map<String, StoredState> states = new HashMap<>();
        if (stateKeys.isEmpty()) {
            return states;
        }
        String[] fields = stateKeys.toArray(String[]::new);
        try (Jedis jedis = pool.getResource()) {
            List<String> jsons = jedis.hmget(keys.get(2), fields);
            List<String> lasts = jedis.hmget(keys.get(3), fields);
            for (int i = 0; i < fields.length; i++) {
                if (jsons.get(i) != null) {
                    states.put(fields[i], stored(jsons.get(i), lasts.get(i)));
                }
            }
        }
        return states;
    }

    @Override
    public long save(String unit, long epoch, Map<String, StoredState> states) {
        List<?> out;
        try (Jedis jedis = pool.getResource()) {
            out = (List<?>) jedis.eval(SAVE, keys, saveArgs(unit, epoch, states));
        }
        if ((Long) out.get(0) != 1L) {
            conflicts.incrementAndGet();
            throw new StateFencedException("state of " + unit + " not written: worker " + out.get(2)
                    + " claimed it (epoch " + out.get(1) + ") after this worker's claim (epoch " + epoch + ")");
        }
        return epoch;
    }

    @Override
    public long conflicts() {
        return conflicts.get();
    }

    /** A claim script's answer: the epoch (or version), then each state key's JSON and last chunk. */
    static StateClaim claimed(List<?> out, List<String> stateKeys) {
        Map<String, StoredState> states = new HashMap<>();
        for (int i = 0; i < stateKeys.size(); i++) {
            String json = (String) out.get(1 + 2 * i);
            if (json != null) {
                states.put(stateKeys.get(i), stored(json, (String) out.get(2 + 2 * i)));
            }
        }
        return new StateClaim((Long) out.get(0), states);
    }

    /** A save script's arguments: the unit, the epoch (or version) it expects, then per state key, JSON and last. */
    static List<String> saveArgs(String unit, long expected, Map<String, StoredState> states) {
        List<String> args = new ArrayList<>(List.of(unit, Long.toString(expected)));
        states.forEach((key, s) -> {
            args.add(key);
            args.add(s.json());
            args.add(MetadataJson.write(new Last(s.lastChunk(), s.before())));
        });
        return args;
    }

        static StoredState stored(String json, String last) {
        if (last == null) {
            return StoredState.of(json);
        }
        Last l = MetadataJson.read(last, Last.class);
        return new StoredState(json, l.chunk(), l.before());
    }
}
