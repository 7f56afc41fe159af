package io.xtremehub.nexus.swarm;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The swarmlets of a namespace and their live workers as a hop needs them on every chunk: read from
 * the {@link SwarmletDirectory} once, then kept until a worker announces a join or a leave, until
 * a worker could not be reached, or for at most {@code maxAge} (a crashed worker announces nothing;
 * its lease just runs out). Without it every chunk costs several Redis reads per hop.
 */
final class LiveSwarmlets {
    private final SwarmletDirectory directory;
    private final long maxAgeNanos;
    private final LongSupplier clock;
    private final AtomicLong generation = new AtomicLong();
    private volatile Snapshot<Map<String, SwarmletLabels>> labels;
    private final Map<String, Snapshot<List<Member>>> workers = new ConcurrentHashMap<>();

    private record Snapshot<T>(T value, long generation, long readAt) {
    }

    LiveSwarmlets(SwarmletDirectory directory, Duration maxAge, LongSupplier clock) {
        this.directory = directory;
        this.maxAgeNanos = maxAge.toNanos();
        this.clock = clock;
    }

    /** Kept between the announcements of the namespace's swarmlets, for at most {@code maxAge}. */
    static LiveSwarmlets watching(SwarmletDirectory directory, Duration maxAge) {
        LiveSwarmlets cache = new LiveSwarmlets(directory, maxAge, System::nanoTime);
        directory.watchChanges(cache::forget);
        return cache;
    }

    /** The labels of every registered swarmlet, by name. */
    Map<String, SwarmletLabels> labels() {
        Snapshot<Map<String, SwarmletLabels>> s = labels;
        if (fresh(s)) {
            return s.value();
        }
        long gen = generation.get();
        long at = clock.getAsLong();
        Map<String, SwarmletLabels> value = Map.copyOf(directory.labels());
        labels = new Snapshot<>(value, gen, at);
        return value;
    }

    /** The live workers of a swarmlet, ordered by id (empty if it has none or is unknown). */
    List<Member> workers(String swarmlet) {
        Snapshot<List<Member>> s = workers.get(swarmlet);
        if (fresh(s)) {
            return s.value();
        }
        long gen = generation.get();
        long at = clock.getAsLong();
        List<Member> value = directory.find(swarmlet).map(SwarmletView::workers).orElse(List.of()).stream()
                .map(w -> new Member(w.id(), w.mesh())).toList();
        workers.put(swarmlet, new Snapshot<>(value, gen, at));
        return value;
    }

    /** Reads everything afresh next time: the swarmlets changed, or a worker did not answer. */
    void forget() {
        generation.incrementAndGet();
    }

    private boolean fresh(Snapshot<?> s) {
        // a read that overlapped a change carries the generation from before it, so it is not used
        return s != null && s.generation() == generation.get() && clock.getAsLong() - s.readAt() < maxAgeNanos;
    }
}
