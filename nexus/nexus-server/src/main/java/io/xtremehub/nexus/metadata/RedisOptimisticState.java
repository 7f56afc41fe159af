package io.xtremehub.nexus.metadata;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;

/**
 * Partition state under {@link StateConcurrency#OPTIMISTIC}: a claim only reads (the unit's version
 * and its states, atomically, in one Lua script), and a save is a check-and-set on that version
 * (one Lua script: compare, write the states, increment the version). Two workers applying chunks
 * of one partition at once both read version v; the first write makes it v+1 and the second is
 * refused, to be retried on the newer state.
 *
 * <p>Layout: the {@code <ns>:state} and {@code <ns>:state-last} hashes of
 * {@link RedisPartitionState}, so readers see the same states, and {@code <ns>:state-version} hash
 * unit to version.
 */
final class RedisOptimisticState implements PartitionStates {
    private static final String READ = """
            local out = {tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')}
            for i = 2, #ARGV do
              out[#out + 1] = redis.call('HGET', KEYS[2], ARGV[i])
              out[#out + 1] = redis.call('HGET', KEYS[3], ARGV[i])
            end
            return out
            """;
    private static final String CHECK_AND_SET = """
            local current = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
            if current ~= tonumber(ARGV[2]) then
              return {0, current}
            end
            for i = 3, #ARGV, 3 do
              redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
              redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 2])
            end
            redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
            return {1}
            """;

    private final JedisPool pool;
    private final List<String> keys;
    private final RedisPartitionState plainReads;
    private final AtomicLong conflicts = new AtomicLong();

    RedisOptimisticState(JedisPool pool, String ns) {
        this.pool = pool;
        this.keys = List.of(ns + ":state-version", ns + ":state", ns + ":state-last");
        this.plainReads = new RedisPartitionState(pool, ns);
    }

    /** Reads the unit's version (returned as the claim's epoch) and states; writes nothing. */
    @Override
    public StateClaim claim(String unit, String holder, List<String> stateKeys) {
        List<String> args = new ArrayList<>(stateKeys.size() + 1);
        args.add(unit);
        args.addAll(stateKeys);
        List<?> out;
        try (Jedis jedis = pool.getResource()) {
            out = (List<?>) jedis.eval(READ, keys, args);
        }
        return RedisPartitionState.claimed(out, stateKeys);
    }

    @Override
    public Map<String, StoredState> read(List<String> stateKeys) {
        return plainReads.read(stateKeys);
    }

    @Override
    public long save(String unit, long version, Map<String, StoredState> states) {
        List<?> out;
        try (Jedis jedis = pool.getResource()) {
            out = (List<?>) jedis.eval(CHECK_AND_SET, keys, RedisPartitionState.saveArgs(unit, version, states));
        }
        if ((Long) out.get(0) != 1L) {
            conflicts.incrementAndGet();
            throw new StateFencedException("state of " + unit + " not written: another worker wrote version "
                    + out.get(1) + " after this worker read version " + version + "; retry the chunk");
        }
        return version + 1;
    }

    @Override
    public long conflicts() {
        return conflicts.get();
    }
}
