package io.xtremehub.nexus.swarm;

import io.xtremehub.nexus.metadata.MetadataJson;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPubSub;

/**
 * The swarmlets of a metadata namespace as their membership records in Redis say, with the
 * partition intervals each live worker owns on its swarmlet's ring. Reads only: any worker or tool
 * with access to the namespace can list them, whether or not it is a member.
 */
public final class SwarmletDirectory implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SwarmletDirectory.class);

    /** A swarmlet's own record, kept at every join: what its workers said they are. */
    record Entry(SwarmletLabels labels, URI endpoint) {
    }

    private final JedisPool pool;
    private final String host;
    private final int port;
    private final String namespace;
    private final List<ChangeWatch> watches = new CopyOnWriteArrayList<>();

    /** Reads the swarmlets of the namespace in the Redis at host:port. */
    public SwarmletDirectory(String host, int port, String namespace) {
        this.pool = new JedisPool(host, port);
        this.host = host;
        this.port = port;
        this.namespace = namespace;
    }

    /**
     * Runs {@code listener} on every join, rejoin and leave a worker of any swarmlet of the
     * namespace announces, and whenever the subscription was lost (announcements may have been
     * missed). A crashed worker announces nothing: its lease just runs out. Stops when this
     * directory is closed.
     */
    void watchChanges(Runnable listener) {
        ChangeWatch watch = new ChangeWatch(listener);
        watches.add(watch);
        watch.start();
    }

    /** Every swarmlet any worker ever joined in the namespace, by name. */
    public List<SwarmletView> list() {
        try (Jedis jedis = pool.getResource()) {
            List<SwarmletView> result = new ArrayList<>();
            new TreeMap<>(jedis.hgetAll(SwarmletKeys.registry(namespace))).forEach((name, json) ->
                    result.add(view(jedis, name, MetadataJson.read(json, Entry.class))));
            return result;
        }
    }

    /** The labels of every swarmlet any worker ever joined in the namespace, by name (one read). */
    public Map<String, SwarmletLabels> labels() {
        try (Jedis jedis = pool.getResource()) {
            Map<String, SwarmletLabels> result = new TreeMap<>();
            jedis.hgetAll(SwarmletKeys.registry(namespace)).forEach((name, json) ->
                    result.put(name, MetadataJson.read(json, Entry.class).labels()));
            return result;
        }
    }

    /** One swarmlet, if a worker ever joined it. */
    public Optional<SwarmletView> find(String name) {
        try (Jedis jedis = pool.getResource()) {
            String json = jedis.hget(SwarmletKeys.registry(namespace), name);
            return json == null ? Optional.empty()
                    : Optional.of(view(jedis, name, MetadataJson.read(json, Entry.class)));
        }
    }

    private SwarmletView view(Jedis jedis, String name, Entry entry) {
        SwarmletKeys keys = new SwarmletKeys(namespace, name);
        List<Member> live = new ArrayList<>();
        for (Map.Entry<String, String> e : jedis.hgetAll(keys.members()).entrySet()) {
            if (jedis.exists(keys.alive(e.getKey()))) {
                live.add(MetadataJson.read(e.getValue(), Member.class));
            }
        }
        live.sort(Comparator.comparing(Member::id));
        List<PartitionRing.Interval> intervals = new PartitionRing(live).intervals();
        List<SwarmletView.Worker> workers = new ArrayList<>();
        for (Member m : live) {
            List<PartitionRing.Interval> own = intervals.stream().filter(i -> i.owner().id().equals(m.id())).toList();
            workers.add(new SwarmletView.Worker(m.id(), m.s3(), m.mesh(),
                    own.stream().mapToDouble(PartitionRing.Interval::share).sum(),
                    own.stream().map(PartitionRing.Interval::toString).toList()));
        }
        return new SwarmletView(name, entry.labels(), entry.endpoint(), workers);
    }

    @Override
    public void close() {
        watches.forEach(ChangeWatch::close);
        pool.close();
    }

    /** A pattern subscription to the change channels of every swarmlet of the namespace. */
    private final class ChangeWatch extends JedisPubSub {
        private final Runnable listener;
        private final CountDownLatch subscribed = new CountDownLatch(1);
        private final Thread thread;
        private volatile boolean closed;

        ChangeWatch(Runnable listener) {
            this.listener = listener;
            this.thread = new Thread(this::loop, "nexus-swarmlet-directory");
            thread.setDaemon(true);
        }

        void start() {
            thread.start();
            try {
                if (!subscribed.await(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("could not subscribe to the swarmlet changes of namespace "
                            + namespace + " on Redis " + host + ":" + port);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while subscribing to swarmlet changes", e);
            }
        }

        private void loop() {
            while (!closed) {
                try (Jedis jedis = new Jedis(host, port)) {
                    jedis.psubscribe(this, new SwarmletKeys(namespace, "*").changes());
                } catch (RuntimeException e) {
                    if (!closed) {
                        LOG.warn("swarmlet directory subscription lost ({}); resubscribing", e.getMessage());
                        listener.run();
                        try {
                            TimeUnit.MILLISECONDS.sleep(200);
                        } catch (InterruptedException ie) {
                            return;
                        }
                    }
                }
            }
        }

        @Override
        public void onPSubscribe(String pattern, int count) {
            listener.run(); // announcements made while not subscribed were missed
            subscribed.countDown();
        }

        @Override
        public void onPMessage(String pattern, String channel, String message) {
            listener.run();
        }

        void close() {
            closed = true;
            try {
                punsubscribe();
            } catch (RuntimeException e) {
                LOG.debug("punsubscribe failed", e);
            }
            thread.interrupt();
        }
    }
}
