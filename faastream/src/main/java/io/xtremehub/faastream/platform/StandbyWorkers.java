package io.xtremehub.faastream.platform;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Worker JVMs started ahead of need, so that a launch (above all a lost worker's replacement) does
 * not wait for a JVM to start: on a busy machine that start-up is most of a recovery. Each standby
 * ({@link StandbyWorker}) has loaded a worker's classes and connected its clients on a recent request
 * and waits on its standard input for a request of its own; taking one starts another in the
 * background. A standby exits when its input closes without a request: when {@link #close} kills it
 * is not needed for that, but a manager that is killed (or exits without closing its platform) closes
 * the pipe as it dies, so it leaves no standby behind.
 */
final class StandbyWorkers implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StandbyWorkers.class);

    /** Starts a standby JVM whose output goes to {@code log} and whose log folder is {@code logFolder}. */
    interface Starter {
        Process start(Path log, Path logFolder) throws IOException;
    }

    /** A waiting standby JVM and where it writes. */
    private record Standby(Process process, Path log, Path logFolder) {
    }

    /**
     * How long the next standby's start waits at most for the one before to warm up: long enough that after a
     * loss of several workers the first refill gets ahead of the others, short enough that a pool of several
     * fills about as fast as all at once (waiting for each to be warm, 5 were not all there 30 s after a job
     * started, against 20 s all at once).
     */
    static final Duration WARM_UP_LIMIT = Duration.ofSeconds(3);

    private final int size;
    private final Path logDir;
    private final Starter starter;
    private final long warmUpLimitNanos;
    private final Deque<Standby> ready = new ArrayDeque<>();
    /** One thread starts standbys, off the launching thread, one at a time (see {@link #awaitWarmUp}). */
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "standby-workers");
        t.setDaemon(true);
        return t;
    });
    private final AtomicInteger started = new AtomicInteger();
    /** Standbys being started now. */
    private int starting;
    /** The request standbys warm up on: the latest one launched. */
    private String warmUpPayload;
    private boolean closed;

    StandbyWorkers(int size, Path logDir, Starter starter) {
        this(size, logDir, starter, WARM_UP_LIMIT);
    }

    StandbyWorkers(int size, Path logDir, Starter starter, Duration warmUpLimit) {
        this.size = size;
        this.logDir = logDir;
        this.starter = starter;
        this.warmUpLimitNanos = warmUpLimit.toNanos();
    }

    /**
     * Hands {@code request} to a waiting standby, renaming its output to the worker's log and its log
     * folder to the worker's; returns its process, or null when none is waiting (the caller starts a JVM).
     * Either way, the pool is topped up in the background with standbys that warm up on this request.
     */
    Process claim(WorkerRequest request, Path workerLog, Path workerLogFolder) {
        Standby standby;
        synchronized (this) {
            warmUpPayload = request.payload();
            ready.removeIf(s -> !s.process().isAlive());
            standby = ready.stream().filter(StandbyWorkers::warm).findFirst().orElse(ready.peekFirst());
            ready.remove(standby);
            topUp();
        }
        if (standby == null) {
            return null;
        }
        try (OutputStream in = standby.process().getOutputStream()) {
            in.write((request.payload() + "\n").getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            // it died just now: a launch of its own instead
            LOG.info("standby worker {} could not take {}: {}", standby.process().pid(), request.workerId(), e.toString());
            standby.process().destroyForcibly();
            return null;
        }
        rename(standby.log(), workerLog);
        rename(standby.logFolder(), workerLogFolder); // absent when the JVM options name a log folder
        return standby.process();
    }

    /**
     * Starts {@code launches} standbys beyond the pool's size now, each warmed up on {@code like} (a
     * request of the job they are for; before any launch, a resuming manager has no other): the launches
     * expected soon take them, and leave the pool at its size.
     */
    synchronized void expect(String like, int launches) {
        if (warmUpPayload == null) {
            warmUpPayload = like;
        }
        for (int i = 0; i < launches && !closed; i++) {
            starting++;
            background.execute(() -> startOne(like));
        }
    }

    /** The standbys waiting now (for tests). */
    synchronized List<Process> waiting() {
        return ready.stream().map(Standby::process).filter(Process::isAlive).toList();
    }

    private void topUp() {
        while (!closed && ready.size() + starting < size) {
            starting++;
            String payload = warmUpPayload;
            background.execute(() -> startOne(payload));
        }
    }

    private void startOne(String payload) {
        Standby standby = null;
        try {
            String name = "standby-" + ProcessHandle.current().pid() + "-" + started.incrementAndGet();
            Files.createDirectories(logDir); // a resuming manager expects launches before its first
            standby = new Standby(starter.start(logDir.resolve(name + ".log"), logDir.resolve(name)),
                    logDir.resolve(name + ".log"), logDir.resolve(name));
            OutputStream in = standby.process().getOutputStream();
            in.write((payload + "\n").getBytes(StandardCharsets.US_ASCII)); // its warm-up request; the pipe stays open
            in.flush();
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot start a standby worker JVM (launches start their own): {}", e.toString());
            if (standby != null) {
                standby.process().destroyForcibly();
            }
            standby = null;
        }
        synchronized (this) {
            starting--;
            if (standby != null) {
                if (closed) {
                    standby.process().destroyForcibly();
                } else {
                    ready.addLast(standby);
                }
            }
        }
        if (standby != null) {
            awaitWarmUp(standby);
        }
    }

    /**
     * Holds the next start back until {@code standby} has warmed up (or was taken, or died, or the limit
     * passed): started together after a loss of several workers, the refills competed with the recovery under
     * way and with each other, and none was warm 10-20 s later when the next worker was lost.
     */
    private void awaitWarmUp(Standby standby) {
        long deadline = System.nanoTime() + warmUpLimitNanos;
        try {
            while (System.nanoTime() < deadline && standby.process().isAlive() && !warm(standby)) {
                synchronized (this) {
                    if (closed || !ready.contains(standby)) {
                        return; // taken: it warms up as the worker it became
                    }
                }
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the pool is closing
        }
    }

    /**
     * Whether the standby is warm: it prints its first line once its warm-up is done. A launch takes a warm
     * one before the oldest: after a loss of several workers, the pool's new standbys boot all at once, and
     * the next launch given one of those waited 9 s for it instead of about 1 s.
     */
    private static boolean warm(Standby standby) {
        try {
            return Files.size(standby.log()) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static void rename(Path from, Path to) {
        try {
            if (Files.exists(from) && !Files.exists(to)) {
                Files.move(from, to); // the JVM keeps writing to the file it opened, under its new name
            }
        } catch (IOException e) {
            LOG.debug("cannot rename {} to {}: {}", from, to, e.toString());
        }
    }

    /** Kills every standby, and any still being started. */
    @Override
    public void close() {
        List<Standby> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(ready);
            ready.clear();
        }
        background.shutdownNow(); // standbys not started yet never will be
        all.forEach(s -> s.process().destroyForcibly());
    }
}
