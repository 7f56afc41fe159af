package io.xtremehub.benchmarks.faastream;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPoolConfig;

/**
 * Lithops-over-Redis style: each function pops its input from a Redis list and pushes its output
 * to the next list. Runs against a real redis-server.
 */
final class RedisTransport implements Transports {
    private final JedisPool pool;

    RedisTransport(int port) {
        // a connection per function: the default pool of 8 deadlocked chains of 10 functions
        JedisPoolConfig config = new JedisPoolConfig();
        config.setMaxTotal(512);
        config.setMaxIdle(512);
        this.pool = new JedisPool(config, "127.0.0.1", port);
    }

    @Override
    public String name() {
        return "redis-lists";
    }

    @Override
    public Chain chain(int length, int eventSize) {
        String id = UUID.randomUUID().toString();
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> functions = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            byte[] in = (id + ":" + i).getBytes();
            byte[] out = (id + ":" + (i + 1)).getBytes();
            Thread t = new Thread(() -> {
                try (var j = pool.getResource()) {
                    while (!stop.get()) {
                        List<byte[]> v = j.brpop(1, in);
                        if (v != null) {
                            j.lpush(out, v.get(1));
                        }
                    }
                }
            });
            t.setDaemon(true);
            t.start();
            functions.add(t);
        }
        byte[] first = (id + ":0").getBytes();
        byte[] last = (id + ":" + length).getBytes();
        var producer = pool.getResource();
        var consumer = pool.getResource();
        return new Chain() {
            @Override public void send(byte[] event) { producer.lpush(first, event); }
            @Override public byte[] receive(long timeoutMillis) {
                List<byte[]> v = consumer.brpop((int) Math.max(1, timeoutMillis / 1000), last);
                return v == null ? null : v.get(1);
            }
            @Override public void close() throws Exception {
                stop.set(true);
                for (Thread t : functions) {
                    t.join();
                }
                producer.close();
                consumer.close();
            }
        };
    }

    @Override
    public double batch(List<byte[]> events, int workers) throws Exception {
        String id = UUID.randomUUID().toString();
        byte[] in = (id + ":in").getBytes();
        byte[] out = (id + ":out").getBytes();
        try (var j = pool.getResource()) {
            for (byte[] e : events) {
                j.lpush(in, e);
            }
        }
        long t0 = System.nanoTime();
        List<Thread> ts = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            Thread t = new Thread(() -> {
                try (var j = pool.getResource()) {
                    byte[] v;
                    while ((v = j.rpop(in)) != null) {
                        j.lpush(out, Timestamped.stamp(v));
                    }
                }
            });
            t.start();
            ts.add(t);
        }
        for (Thread t : ts) {
            t.join();
        }
        double s = (System.nanoTime() - t0) / 1e9;
        try (var j = pool.getResource()) {
            j.del(out);
        }
        return s;
    }

    @Override
    public void close() {
        pool.close();
    }
}
