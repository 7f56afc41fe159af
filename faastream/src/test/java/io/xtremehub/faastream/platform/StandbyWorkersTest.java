package io.xtremehub.faastream.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which standby a launch takes, on stand-in processes whose logs the test writes. */
class StandbyWorkersTest {
    @TempDir
    Path dir;

    @Test
    void aLaunchTakesAWarmStandbyBeforeAnOlderOneStillStarting() throws Exception {
        List<Process> started = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        StandbyWorkers.Starter starter = (log, folder) -> {
            Process p = new ProcessBuilder("sleep", "60").redirectOutput(log.toFile()).start();
            started.add(p);
            logs.add(log);
            return p;
        };
        try (StandbyWorkers pool = new StandbyWorkers(1, dir, starter)) {
            pool.expect("warm-up", 2);
            for (int i = 0; i < 200 && pool.waiting().size() < 2; i++) {
                TimeUnit.MILLISECONDS.sleep(50);
            }
            assertEquals(2, pool.waiting().size(), "two standbys started");
            // the younger one is warm (its first line printed), the older one still starting
            Files.writeString(logs.get(1), "standby worker: warmed up, waiting for a request\n");
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
