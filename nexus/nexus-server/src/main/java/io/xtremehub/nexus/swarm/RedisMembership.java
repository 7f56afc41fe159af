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
 * Swarmlet membership kept in Redis next to the metadata (keys: {@link SwarmletKeys}). A worker
 * that {@link #join}s writes its membership record and a liveness key with a TTL, a lease it
 * renews every third of the TTL. A worker is a member while its lease is alive: the others look
 * at the leases on every renewal of their own, so a crashed worker (kill -9) drops out of every
 * view within TTL + TTL/3. Joins and leaves are also announced on the swarmlet's channel so the
 * others react at once.
 */
public final class RedisMembership implements Membership {
    private static final Logger LOG = LoggerFactory.getLogger(RedisMembership.class);

    private final JedisPool pool;
    private final String host;
    private final int port;
    private final String swarmlet;
    private final SwarmletKeys keys;
    private final long ttlMillis;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "nexus-swarm-heartbeat");
        t.setDaemon(true);
        return t;
    });
    private final Thread subscriberThread;
    private final JedisPubSub subscriber;
    private volatile Member self;
    private volatile List<Member> live = List.of();
    private volatile boolean closed;

    /**
     * Watches the swarmlet's membership; {@link #join} makes this worker a member.
     *
     * @param namespace the metadata namespace shared by the swarmlet's workers
     * @param swarmlet the swarmlet name
     * @param ttl the lease: how long a silent worker stays a member (at least 300 ms)
     */
    public RedisMembership(String host, int port, String namespace, String swarmlet, Duration ttl) {
        this.host = host;
        this.port = port;
        this.swarmlet = swarmlet;
        this.keys = new SwarmletKeys(namespace, swarmlet);
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
            subscriberThread.start();
            if (!subscribed.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("could not subscribe to " + keys.changes() + " on Redis");
            }
            refresh();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new IllegalStateException("interrupted while watching swarmlet " + swarmlet, e);
        } catch (RuntimeException e) {
            close();
            throw new IllegalStateException("cannot watch swarmlet " + swarmlet + " through Redis at " + host + ":"
                    + port + ": " + e.getMessage(), e);
        }
    }

    /**
     * Makes this worker a member and starts renewing its lease.
     *
     * @throws IllegalArgumentException if the live workers of the swarmlet have other labels, or
     *     one of them has this worker's id
     */
    public void join(Member worker) {
        if (self != null) {
            throw new IllegalStateException("worker " + self.id() + " already joined swarmlet " + swarmlet);
        }
        try (Jedis jedis = pool.getResource()) {
            for (Member other : liveMembers(jedis)) {
                if (other.id().equals(worker.id()) && !other.mesh().equals(worker.mesh())) {
                    throw new IllegalArgumentException("worker id '" + worker.id() + "' is taken by a live worker of"
                            + " swarmlet '" + swarmlet + "' at " + other.mesh() + ": give each worker its own id (if"
                            + " that was this worker before a crash, its lease ends within " + ttlMillis + " ms)");
                }
                if (other.id().equals(worker.id())) {
                    continue; // this worker's own record, from before a restart
                }
                if (!other.labels().equals(worker.labels())) {
                    throw new IllegalArgumentException("worker " + worker.id() + " cannot join swarmlet '" + swarmlet
                            + "' with " + worker.labels() + ": its live worker " + other.id() + " has "
                            + other.labels() + " (the workers of a swarmlet are alike; name another swarmlet)");
                }
            }
            register(jedis, worker);
            jedis.hset(SwarmletKeys.registry(keys.namespace()), swarmlet,
                    MetadataJson.write(new SwarmletDirectory.Entry(worker.labels(), worker.endpoint())));
            jedis.publish(keys.changes(), "join " + worker.id());
        }
        self = worker;
        refresh();
        heartbeat.scheduleWithFixedDelay(this::beat, ttlMillis / 3, ttlMillis / 3, TimeUnit.MILLISECONDS);
    }

    private void register(Jedis jedis, Member worker) {
        jedis.hset(keys.members(), worker.id(), MetadataJson.write(worker));
        jedis.set(keys.alive(worker.id()), "1", SetParams.setParams().px(ttlMillis));
    }

    private void subscribeLoop() {
        while (!closed) {
            try (Jedis jedis = new Jedis(host, port)) {
                jedis.subscribe(subscriber, keys.changes());
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

    /** Renews this worker's lease, then the view (which also notices workers whose lease expired). */
    private void beat() {
        try (Jedis jedis = pool.getResource()) {
            if (jedis.pexpire(keys.alive(self.id()), ttlMillis) == 0) {
                // expired while this worker was paused: register again
                register(jedis, self);
                jedis.publish(keys.changes(), "rejoin " + self.id());
            }
        } catch (RuntimeException e) {
            LOG.warn("swarmlet heartbeat of {} failed: {}", self.id(), e.getMessage());
        }
        refresh();
    }

    /** The members whose lease is alive; records of expired ones are removed. */
    private List<Member> liveMembers(Jedis jedis) {
        List<Member> now = new ArrayList<>();
        for (Map.Entry<String, String> e : jedis.hgetAll(keys.members()).entrySet()) {
            if (jedis.exists(keys.alive(e.getKey()))) {
                now.add(MetadataJson.read(e.getValue(), Member.class));
            } else {
                jedis.hdel(keys.members(), e.getKey()); // expired: forget it
            }
        }
        now.sort(Comparator.comparing(Member::id));
        return now;
    }

    private synchronized void refresh() {
        if (closed) {
            return;
        }
        List<Member> now;
        try (Jedis jedis = pool.getResource()) {
            now = liveMembers(jedis);
        } catch (RuntimeException e) {
            LOG.warn("cannot read swarmlet members: {}", e.getMessage());
            return;
        }
        if (!now.equals(live)) {
            LOG.info("swarmlet {} members now {}", swarmlet, now.stream().map(Member::id).toList());
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
        if (self != null) {
            try (Jedis jedis = pool.getResource()) {
                jedis.del(keys.alive(self.id()));
                jedis.hdel(keys.members(), self.id());
                jedis.publish(keys.changes(), "leave " + self.id());
            } catch (RuntimeException e) {
                LOG.debug("leaving the swarmlet cleanly failed; the lease expires anyway", e);
            }
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
