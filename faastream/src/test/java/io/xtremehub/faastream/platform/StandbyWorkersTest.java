package io.xtremehub.faastream.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When standbys start and which one a launch takes, on stand-in processes whose logs the test writes. */
class StandbyWorkersTest {
    private static final String WARM = "standby worker: warmed up, waiting for a request\n";

    @TempDir
    Path dir;

    private final List<Process> started = new ArrayList<>();
    private final List<Path> logs = new ArrayList<>();

    private Process start(Path log) throws java.io.IOException {
        Process p = new ProcessBuilder("sleep", "60").redirectOutput(log.toFile()).start();
        synchronized (started) {
            started.add(p);
            logs.add(log);
        }
        return p;
    }

    private static void awaitWaiting(StandbyWorkers pool, int n) throws InterruptedException {
        for (int i = 0; i < 200 && pool.waiting().size() < n; i++) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        assertEquals(n, pool.waiting().size());
    }

    @Test
    void theNextStandbyStartsOnceTheOneBeforeIsWarm() throws Exception {
        try (StandbyWorkers pool = new StandbyWorkers(1, dir, (log, folder) -> start(log))) {
            pool.expect("warm-up", 2);
            awaitWaiting(pool, 1);
            TimeUnit.MILLISECONDS.sleep(500);
            assertEquals(1, pool.waiting().size(), "the second waits while the first warms up");
            Files.writeString(logs.get(0), WARM);
            awaitWaiting(pool, 2);
            Process taken = pool.claim(new WorkerRequest("j1-s0w0-1", "j1", 0, "request"), dir.resolve("w0.log"),
                    dir.resolve("w0"));
            assertEquals(started.get(0), taken, "the warm standby");
        } finally {
            started.forEach(Process::destroyForcibly);
        }
    }

    @Test
    void aLaunchTakesAWarmStandbyBeforeAnOlderOneStillStarting() throws Exception {
        // the first never warms up: after the limit the second starts anyway
        try (StandbyWorkers pool = new StandbyWorkers(1, dir, (log, folder) -> start(log), Duration.ofMillis(200))) {
            pool.expect("warm-up", 2);
            awaitWaiting(pool, 2);
            Files.writeString(logs.get(1), WARM);
            Process taken = pool.claim(new WorkerRequest("j1-s0w0-1", "j1", 0, "request"), dir.resolve("w0.log"),
                    dir.resolve("w0"));
            assertEquals(started.get(1), taken, "the warm standby");
            Process next = pool.claim(new WorkerRequest("j1-s0w1-1", "j1", 0, "request"), dir.resolve("w1.log"),
                    dir.resolve("w1"));
            assertEquals(started.get(0), next, "with none warm, the oldest");
        } finally {
            started.forEach(Process::destroyForcibly);
        }
    }
}
