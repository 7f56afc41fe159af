package io.xtremehub.nexus.metadata;

import io.xtremehub.nexus.policy.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.Transaction;

/**
 * Metadata in Redis, shared by the workers of a swarmlet. Reads go to a local cache; every change
 * is announced on a pub/sub channel and every worker's cache (this one's included) drops its
 * entries when it hears it.
 *
 * <p>Layout: {@code <ns>:policy:<name>} hash version to policy JSON, {@code <ns>:active} hash
 * name to current version, {@code <ns>:seq:<name>} version counter, {@code <ns>:streamlets} hash
 * name to registration JSON, channel {@code <ns>:changes}; partition state of stateful streamlets
 * as {@link RedisPartitionState} (or, optimistic, {@link RedisOptimisticState}) says.
 */
public final class RedisMetadataStore implements MetadataStore {
    private static final Logger LOG = LoggerFactory.getLogger(RedisMetadataStore.class);

    private final JedisPool pool;
    private final String ns;
    private final String host;
    private final int port;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, Optional<Policy>> versionCache = new ConcurrentHashMap<>();
    private volatile List<Policy> activeCache;
    private volatile List<StreamletRegistration> streamletCache;
    private final Subscriber subscriber = new Subscriber();
    private final Thread subscriberThread;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Bumped on every invalidation; a read only fills the cache if no invalidation raced it. */
    private final AtomicLong generation = new AtomicLong();
    private final AtomicLong stateReads = new AtomicLong();
    private final PartitionStates state;

    /**
     * Connects and subscribes to change notifications.
     *
     * @param namespace key prefix, so several swarmlets can share one Redis
     */
    public RedisMetadataStore(String host, int port, String namespace) {
        this(host, port, namespace, StateConcurrency.FENCED);
    }

    /**
     * Connects and subscribes to change notifications, keeping partition state under the given
     * concurrency control.
     *
     * @param namespace key prefix, so several swarmlets can share one Redis
     * @param concurrency {@link StateConcurrency#FENCED} for partition-aware routing (what the other
     *     constructor picks), {@link StateConcurrency#OPTIMISTIC} for workers processing any partition
     */
    public RedisMetadataStore(String host, int port, String namespace, StateConcurrency concurrency) {
        this.host = host;
        this.port = port;
        this.ns = namespace;
        this.pool = new JedisPool(host, port);
        try (Jedis jedis = pool.getResource()) {
            jedis.ping();
        } catch (RuntimeException e) {
            pool.close();
            throw new IllegalStateException("cannot reach Redis at " + host + ":" + port + ": " + e.getMessage(), e);
        }
        this.state = concurrency == StateConcurrency.OPTIMISTIC ? new RedisOptimisticState(pool, ns)
                : new RedisPartitionState(pool, ns);
        subscriberThread = new Thread(this::subscribeLoop, "nexus-redis-subscriber");
        subscriberThread.setDaemon(true);
        subscriberThread.start();
        try {
            if (!subscriber.subscribed.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("could not subscribe to " + channel() + " on Redis " + describe());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while subscribing to Redis", e);
        }
    }

    private String channel() {
        return ns + ":changes";
    }

    private void subscribeLoop() {
        while (!closed.get()) {
            try (Jedis jedis = new Jedis(host, port)) {
                jedis.subscribe(subscriber, channel());
            } catch (RuntimeException e) {
                if (!closed.get()) {
                    LOG.warn("Redis subscription to {} lost ({}); resubscribing", channel(), e.getMessage());
                    invalidate();
                    try {
                        Thread.sleep(500);
                    } catch (InterruptedException ie) {
                        return;
                    }
                }
            }
        }
    }

    private final class Subscriber extends JedisPubSub {
        final CountDownLatch subscribed = new CountDownLatch(1);

        @Override
        public void onSubscribe(String channel, int subscribedChannels) {
            subscribed.countDown();
        }

        @Override
        public void onMessage(String channel, String message) {
            LOG.debug("metadata change announced: {}", message);
            invalidate();
            listeners.forEach(Runnable::run);
        }
    }

    private void invalidate() {
        generation.incrementAndGet();
        activeCache = null;
        streamletCache = null;
        versionCache.values().removeIf(Optional::isEmpty);
    }

    private void announce(Jedis jedis, String what) {
        invalidate();
        jedis.publish(channel(), what);
    }

    @Override
    public Policy definePolicy(Policy policy) {
        String versionsKey = ns + ":policy:" + policy.name();
        String seqKey = ns + ":seq:" + policy.name();
        try (Jedis jedis = pool.getResource()) {
            while (true) {
                // optimistic: another worker defining the same policy at once makes EXEC fail, then we re-read
                jedis.watch(seqKey, ns + ":active");
                String latest = jedis.get(seqKey);
                Policy current = latest == null ? null
                        : Optional.ofNullable(jedis.hget(versionsKey, latest)).map(MetadataJson::readPolicy).orElse(null);
                boolean same = current != null && current.sameDefinition(policy);
                if (same && latest.equals(jedis.hget(ns + ":active", policy.name()))) {
                    jedis.unwatch();
                    return current;
                }
                Policy stored = same ? current : policy.withVersion(latest == null ? 1 : Long.parseLong(latest) + 1);
                Transaction tx = jedis.multi();
                if (!same) {
                    tx.set(seqKey, Long.toString(stored.version()));
                    tx.hset(versionsKey, Long.toString(stored.version()), MetadataJson.write(stored));
                }
                tx.hset(ns + ":active", policy.name(), Long.toString(stored.version()));
                if (tx.exec() != null) {
                    announce(jedis, "policy " + stored.id());
                    return stored;
                }
            }
        }
    }

    @Override
    public boolean deletePolicy(String name) {
        try (Jedis jedis = pool.getResource()) {
            boolean removed = jedis.hdel(ns + ":active", name) > 0;
            if (removed) {
                announce(jedis, "policy-deleted " + name);
            }
            return removed;
        }
    }

    @Override
    public List<Policy> activePolicies() {
        List<Policy> cached = activeCache;
        if (cached != null) {
            return cached;
        }
        long gen = generation.get();
        try (Jedis jedis = pool.getResource()) {
            Map<String, String> active = new TreeMap<>(jedis.hgetAll(ns + ":active"));
            List<Policy> result = new ArrayList<>();
            for (Map.Entry<String, String> e : active.entrySet()) {
                String json = jedis.hget(ns + ":policy:" + e.getKey(), e.getValue());
                if (json != null) {
                    result.add(MetadataJson.readPolicy(json));
                }
            }
            List<Policy> value = List.copyOf(result);
            if (generation.get() == gen) {
                activeCache = value;
            }
            return value;
        }
    }

    @Override
    public Optional<Policy> currentPolicy(String name) {
        String version;
        try (Jedis jedis = pool.getResource()) {
            version = jedis.hget(ns + ":active", name);
        }
        Optional<Policy> current = version == null ? Optional.empty() : policy(name, Long.parseLong(version));
        List<Policy> cached = activeCache;
        if (cached != null && !cached.stream().filter(p -> p.name().equals(name)).findFirst().equals(current)) {
            invalidate(); // a change announcement was missed or is late: read afresh from now on
        }
        return current;
    }

    @Override
    public Optional<Policy> policy(String name, long version) {
        return versionCache.computeIfAbsent(name + "@" + version, k -> {
            try (Jedis jedis = pool.getResource()) {
                String json = jedis.hget(ns + ":policy:" + name, Long.toString(version));
                return Optional.ofNullable(json).map(MetadataJson::readPolicy);
            }
        });
    }

    @Override
    public void registerStreamlet(StreamletRegistration registration) {
        try (Jedis jedis = pool.getResource()) {
            jedis.hset(ns + ":streamlets", registration.name(), MetadataJson.write(registration));
            announce(jedis, "streamlet " + registration.name());
        }
    }

    @Override
    public List<StreamletRegistration> streamlets() {
        List<StreamletRegistration> cached = streamletCache;
        if (cached != null) {
            return cached;
        }
        long gen = generation.get();
        try (Jedis jedis = pool.getResource()) {
            List<StreamletRegistration> result = new ArrayList<>();
            new TreeMap<>(jedis.hgetAll(ns + ":streamlets")).values()
                    .forEach(json -> result.add(MetadataJson.read(json, StreamletRegistration.class)));
            List<StreamletRegistration> value = List.copyOf(result);
            if (generation.get() == gen) {
                streamletCache = value;
            }
            return value;
        }
    }

    @Override
    public StateClaim claimState(String unit, String holder, List<String> keys) {
        stateReads.incrementAndGet();
        return state.claim(unit, holder, keys);
    }

    @Override
    public Map<String, StoredState> readState(List<String> keys) {
        stateReads.incrementAndGet();
        return state.read(keys);
    }

    @Override
    public long saveState(String unit, long epoch, Map<String, StoredState> states) {
        return state.save(unit, epoch, states);
    }

    @Override
    public long stateReads() {
        return stateReads.get();
    }

    /**
     * How many state writes were refused since the store was opened because another worker claimed
     * (fenced) or wrote (optimistic) the unit first; each made a chunk be answered 503 and retried.
     */
    public long stateConflicts() {
        return state.conflicts();
    }

    @Override
    public void addListener(Runnable listener) {
        listeners.add(listener);
    }

    /** The Redis host. */
    public String host() {
        return host;
    }

    /** The Redis port. */
    public int port() {
        return port;
    }

    /** The key namespace. */
    public String namespace() {
        return ns;
    }

    @Override
    public String describe() {
        return "redis://" + host + ":" + port + "/" + ns;
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                subscriber.unsubscribe();
            } catch (RuntimeException e) {
                LOG.debug("unsubscribe failed", e);
            }
            subscriberThread.interrupt();
            pool.close();
        }
    }
}
