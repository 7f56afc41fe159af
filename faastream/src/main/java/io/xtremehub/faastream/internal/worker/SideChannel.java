package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.internal.wire.Channel;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.Telemetry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's telemetry appends and control polls, on a thread of their own. Each is a round trip to
 * the segment store (an append waits for the write-ahead log: tens of ms on a loaded machine), and
 * on the processing thread every event that arrived meanwhile waited for it. Appends keep their
 * order; periodic STATS coalesce to the latest when the thread falls behind.
 */
final class SideChannel implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SideChannel.class);
    private final Channel<Telemetry> telemetry;
    private final String label;
    private final ScheduledExecutorService thread;
    private final AtomicReference<Telemetry> latestStats = new AtomicReference<>();
    private final ConcurrentLinkedQueue<ControlMessage> polled = new ConcurrentLinkedQueue<>();
    private final AtomicReference<RuntimeException> pollError = new AtomicReference<>();
    /** The last STATS reported, resent by {@link #keepAlive} while no newer one comes. */
    private volatile Telemetry lastStats;
    private volatile long lastStatsMillis;
    /** Set once a final report (DONE, HANDOFF, FAILED) is queued: no sign of life may follow it. */
    private volatile boolean ended;
    /** The control channel, once polling started (read on the side thread only). */
    private Channel<ControlMessage> control;

    SideChannel(Channel<Telemetry> telemetry, String label) {
        this.telemetry = telemetry;
        this.label = label;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "faastream-side-" + label);
            t.setDaemon(true);
            return t;
        });
    }

    /** Appends in the background; a failed append is logged (the next report carries the same counters). */
    void report(Telemetry t) {
        noteReport(t);
        if (t.type() == Telemetry.Type.STATS) {
            if (latestStats.getAndSet(t) == null) {
                thread.execute(() -> append(latestStats.getAndSet(null)));
            }
        } else {
            thread.execute(() -> append(t));
        }
    }

    /** Appends after everything reported before, and returns once it is durable; throws if it failed. */
    void reportNow(Telemetry t) throws InterruptedException {
        noteReport(t);
        try {
            thread.submit(() -> telemetry.append(t)).get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    private void noteReport(Telemetry t) {
        switch (t.type()) {
            case STATS -> {
                lastStats = t;
                lastStatsMillis = System.currentTimeMillis();
            }
            case DONE, HANDOFF, FAILED -> ended = true;
            default -> {
            }
        }
    }

    /**
     * From now on, resends the last STATS (freshly stamped) whenever the processing thread reported none
     * for {@code millis}: a worker busy in one long call (a slow user function, building a huge event)
     * is alive, and must not be declared lost and replaced while it works. A worker whose process hangs
     * or is cut off stops these too; so does a worker whose user function never returns (a hang is then
     * not detected). The counters stay those of the last real report.
     */
    void keepAlive(long millis) {
        thread.scheduleWithFixedDelay(() -> {
            Telemetry last = lastStats;
            long now = System.currentTimeMillis();
            if (!ended && last != null && now - lastStatsMillis >= millis) {
                lastStatsMillis = now;
                append(last.at(now));
            }
        }, millis, millis, TimeUnit.MILLISECONDS);
    }

    /** From now on, polls the control channel every {@code millis} on this thread (not before: it is not thread-safe). */
    void startPolling(Channel<ControlMessage> control, long millis) {
        thread.execute(() -> this.control = control);
        thread.scheduleWithFixedDelay(this::pollOnce, 0, millis, TimeUnit.MILLISECONDS);
    }

    /**
     * Polls the control channel now and returns once it did: every order durable before this call is
     * then in the next {@link #control()}. A worker about to end calls it, so that an order written
     * just before (a roll-back) is not missed for the poll interval and answered with DONE.
     */
    void pollNow() throws InterruptedException {
        try {
            thread.submit(this::pollOnce).get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause()); // pollOnce keeps its own failures
        }
    }

    private void pollOnce() {
        if (control == null) {
            return;
        }
        try {
            polled.addAll(control.poll());
        } catch (RuntimeException e) {
            pollError.compareAndSet(null, e);
        }
    }

    /** Hands messages polled before {@link #startPolling} to the next {@link #control()} call. */
    void carryOver(List<ControlMessage> messages) {
        polled.addAll(messages);
    }

    /** Control messages polled since the last call; rethrows a failed poll. */
    List<ControlMessage> control() {
        RuntimeException e = pollError.get();
        if (e != null) {
            throw e;
        }
        List<ControlMessage> out = new ArrayList<>();
        for (ControlMessage m; (m = polled.poll()) != null; ) {
            out.add(m);
        }
        return out;
    }

    private void append(Telemetry t) {
        if (t == null) {
            return;
        }
        try {
            telemetry.append(t);
        } catch (RuntimeException e) {
            LOG.warn("{} worker {} could not report {}: {}", label, t.worker(), t.type(), e.toString());
        }
    }

    /** Writes what is still queued (a final DONE or FAILED), then stops. */
    @Override
    public void close() {
        thread.shutdown();
        // a killed (interrupted) worker still tries to say so, as it did when appends were synchronous
        boolean interrupted = Thread.interrupted();
        try {
            if (!thread.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.warn("{}: telemetry still pending after 30 s, dropped", label);
                thread.shutdownNow();
            }
        } catch (InterruptedException e) {
            thread.shutdownNow();
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
