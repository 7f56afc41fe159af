package io.xtremehub.standalone.internal;

import com.google.common.util.concurrent.Service;
import io.pravega.segmentstore.server.SegmentContainer;
import io.pravega.segmentstore.server.SegmentContainerRegistry;
import com.google.common.util.concurrent.MoreExecutors;
import java.time.Duration;
import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Supplier;

/**
 * Tells a segment container that restarts after a hiccup from one that cannot come back. Pravega
 * restarts a failed container every few seconds for ever; when its recovery itself fails (its
 * cache cannot hold the WAL data not yet in LTS) the segments it owns answer nobody while the
 * cluster looks up. Once every container has run, a container missing for longer than the grace
 * period is reported with the last failure seen, so the cluster stops and says why.
 */
final class ContainerHealth {
    private final Supplier<SegmentContainerRegistry> registry;
    private final int expected;
    private final long graceNanos;
    private boolean allRan;
    private long missingSince = -1;
    // a failed container leaves the registry at once, so its failure is caught by a listener
    private final Set<SegmentContainer> listened = Collections.newSetFromMap(new WeakHashMap<>());
    private volatile String lastFailure = "not seen (see the log)";

    ContainerHealth(Supplier<SegmentContainerRegistry> registry, int expected, Duration grace) {
        this.registry = registry;
        this.expected = expected;
        this.graceNanos = grace.toNanos();
    }

    /** Null while the containers run or recover within the grace period; otherwise what is wrong. */
    synchronized String check() {
        SegmentContainerRegistry r = registry.get();
        if (r == null || r.isClosed()) {
            return null;
        }
        int running = 0;
        for (SegmentContainer c : r.getContainers()) {
            if (listened.add(c)) {
                c.addListener(new Service.Listener() {
                    @Override
                    public void failed(Service.State from, Throwable failure) {
                        lastFailure = "container " + c.getId() + ": " + rootCause(failure);
                    }
                }, MoreExecutors.directExecutor());
            }
            if (c.state() == Service.State.RUNNING) {
                running++;
            } else if (c.state() == Service.State.FAILED && c.failureCause() != null) {
                lastFailure = "container " + c.getId() + ": " + rootCause(c.failureCause());
            }
        }
        long now = System.nanoTime();
        if (running >= expected) {
            allRan = true;
            missingSince = -1;
            return null;
        }
        if (!allRan) {
            return null;
        }
        if (missingSince < 0) {
            missingSince = now;
        }
        if (now - missingSince < graceNanos) {
            return null;
        }
        return (expected - running) + " of " + expected + " segment containers not running for "
                + Duration.ofNanos(graceNanos).toSeconds() + " s, last failure: " + lastFailure
                + "; acknowledged events stay in the WAL (data directory); if the cache was full, restart"
                + " with a larger cache (--cache-bytes, or cacheBytes in the config file)";
    }

    private static String rootCause(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.toString();
    }
}
