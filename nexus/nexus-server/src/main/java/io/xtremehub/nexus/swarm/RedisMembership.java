package io.xtremehub.nexus.swarm;

import io.xtremehub.nexus.metadata.MetadataJson;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.params.SetParams;

/**
 * Swarmlet membership kept in Redis next to the metadata: each worker registers itself in the
 * hash {@code <ns>:swarmlet:<name>:members} and keeps a liveness key
 * {@code <ns>:swarmlet:<name>:alive:<id>} alive with a TTL it refreshes every third of the TTL. A
 * worker is a member while its liveness key exists, so a crashed worker drops out within one TTL;
 * joins and leaves are also announced on {@code <ns>:swarmlet:<name>:changes} so the others react
 * at once.
 */
public final class RedisMembership implements Membership {
    private static final Logger LOG = LoggerFactory.getLogger(RedisMembership.class);

    private final JedisPool pool;
    private final String host;
    private final int port;
    private final String prefix;
    private final Member self;
    private final long ttlMillis;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "nexus-swarm-heartbeat");
        t.setDaemon(true);
        return t;
    });
    private final Thread subscriberThread;
    private final JedisPubSub subscriber;
    private volatile List<Member> live = List.of();
    private volatile boolean closed;

    /**
     * Joins the swarmlet.
     *
     * @param namespace the metadata namespace shared by the swarmlet's workers
     * @param swarmlet the swarmlet name
     * @param self this worker
     * @param ttl how long a silent worker stays a member
     */
    public RedisMembership(String host, int port, String namespace, String swarmlet, Member self, Duration ttl) {
        this.host = host;
        this.port = port;
        this.prefix = namespace + ":swarmlet:" + swarmlet;
        this.self = self;
        this.ttlMillis = ttl.toMillis();
        if (ttlMillis < 300) {
            throw new IllegalArgumentException("swarmlet liveness TTL must be at least 300 ms, got " + ttl);
        }
        this.pool = new JedisPool(host, port);
        CountDownLatch subscribed = new CountDownLatch(1);
        this.subscriber = new JedisPubSub() {
            @Override
            public void onSubscribe(String channel, int count) {
                subscribed.countDown();
            }

            @Override
            public void onMessage(String channel, String message) {
                refresh();
            }
        };
        this.subscriberThread = new Thread(this::subscribeLoop, "nexus-swarm-subscriber");
        subscriberThread.setDaemon(true);
        try {
            try (Jedis jedis = pool.getResource()) {
                jedis.hset(prefix + ":members", self.id(), MetadataJson.write(self));
                jedis.set(aliveKey(self.id()), "1", SetParams.setParams().px(ttlMillis));
            }
            subscriberThread.start();
            if (!subscribed.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("could not subscribe to " + prefix + ":changes on Redis");
            }
            announce("join " + self.id());
            refresh();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new IllegalStateException("interrupted while joining swarmlet " + swarmlet, e);
        } catch (RuntimeException e) {
            close();
            throw new IllegalStateException("cannot join swarmlet " + swarmlet + " through Redis at " + host + ":"
                    + port + ": " + e.getMessage(), e);
        }
        heartbeat.scheduleWithFixedDelay(this::beat, ttlMillis / 3, ttlMillis / 3, TimeUnit.MILLISECONDS);
    }

    private String aliveKey(String id) {
        return prefix + ":alive:" + id;
    }

    private void announce(String what) {
        try (Jedis jedis = pool.getResource()) {
            jedis.publish(prefix + ":changes", what);
        }
    }

    private void subscribeLoop() {
        while (!closed) {
            try (Jedis jedis = new Jedis(host, port)) {
                jedis.subscribe(subscriber, prefix + ":changes");
            } catch (RuntimeException e) {
                if (!closed) {
                    LOG.warn("swarmlet subscription lost ({}); resubscribing", e.getMessage());
                    try {
                        TimeUnit.MILLISECONDS.sleep(200);
                    } catch (InterruptedException ie) {
                        return;
                    }
                }
            }
        }
    }

    /** Refreshes this worker's liveness, then the view (which also notices workers whose key expired). */
    private void beat() {
        try (Jedis jedis = pool.getResource()) {
            if (jedis.pexpire(aliveKey(self.id()), ttlMillis) == 0) {
                // expired while this worker was paused: register again
                jedis.hset(prefix + ":members", self.id(), MetadataJson.write(self));
                jedis.set(aliveKey(self.id()), "1", SetParams.setParams().px(ttlMillis));
                jedis.publish(prefix + ":changes", "rejoin " + self.id());
            }
        } catch (RuntimeException e) {
            LOG.warn("swarmlet heartbeat of {} failed: {}", self.id(), e.getMessage());
        }
        refresh();
    }

    private synchronized void refresh() {
        if (closed) {
            return;
        }
        List<Member> now = new ArrayList<>();
        try (Jedis jedis = pool.getResource()) {
            for (Map.Entry<String, String> e : jedis.hgetAll(prefix + ":members").entrySet()) {
                if (jedis.exists(aliveKey(e.getKey()))) {
                    now.add(MetadataJson.read(e.getValue(), Member.class));
                } else {
                    jedis.hdel(prefix + ":members", e.getKey()); // expired: forget it
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("cannot read swarmlet members: {}", e.getMessage());
            return;
        }
        now.sort(Comparator.comparing(Member::id));
        if (!now.equals(live)) {
            LOG.info("swarmlet members now {}", now.stream().map(Member::id).toList());
            live = List.copyOf(now);
            listeners.forEach(Runnable::run);
        }
    }

    @Override
    public Member self() {
        return self;
    }

    @Override
    public List<Member> members() {
        return live;
    }

    @Override
    public void addListener(Runnable listener) {
        listeners.add(listener);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        heartbeat.shutdownNow();
        try (Jedis jedis = pool.getResource()) {
            jedis.del(aliveKey(self.id()));
            jedis.hdel(prefix + ":members", self.id());
            jedis.publish(prefix + ":changes", "leave " + self.id());
        } catch (RuntimeException e) {
            LOG.debug("leaving the swarmlet cleanly failed; the liveness key expires anyway", e);
        }
        closed = true;
        try {
            subscriber.unsubscribe();
        } catch (RuntimeException e) {
            LOG.debug("unsubscribe failed", e);
        }
        subscriberThread.interrupt();
        pool.close();
    }
}
