package io.xtremehub.faastream.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Standby worker JVMs for real ({@link StandbyWorkers}): a launch is taken by a waiting standby, and a
 * manager killed with SIGKILL leaves no standby behind (each exits when its manager's pipe closes).
 */
class StandbyWorkersIT {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aStandbyTakesALaunchAndNoneOutlivesAKilledManager() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process manager = new ProcessBuilder(java, "-Xmx256m", "-cp", LocalProcessPlatform.defaultClassPath(),
                StandbyHolderMain.class.getName(), dir.toString()).redirectErrorStream(true).start();
        List<ProcessHandle> standbys = new ArrayList<>();
        try {
            List<String> output = new ArrayList<>();
            CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> standbyLine(manager, output));
            String standbyLine = line.get(4, TimeUnit.MINUTES);
            assertTrue(standbyLine != null, "the manager printed its standbys: " + output);
            Arrays.stream(standbyLine.substring("STANDBYS ".length()).split(" ")).map(Long::parseLong)
                    .forEach(pid -> standbys.add(ProcessHandle.of(pid).orElseThrow()));
            assertEquals(2, standbys.size(), standbyLine);

            // the second launch went to a standby: it warmed up (failing on a request that is no worker's) before
            // it was given its own, or was given it while warming up or still starting; its output became that
            // worker's log
            String log = Files.readString(dir.resolve("h-s0w1-0.log"));
            int waited = Stream.of("standby worker: warm-up failed", "standby worker: taken during its warm-up",
                    "standby worker: taken before its warm-up").mapToInt(log::indexOf).filter(i -> i >= 0).min().orElse(-1);
            assertTrue(waited >= 0 && log.indexOf("Illegal base64 character", waited) > 0,
                    "warmed up, or taken while warming up or starting, then failed on its request: " + log);
            assertTrue(Files.readString(dir.resolve("h-s0w0-0.log")).indexOf("standby worker") < 0,
                    "the first launch started its own JVM");

            manager.destroyForcibly();
            manager.waitFor();
            for (ProcessHandle s : standbys) {
                s.onExit().completeOnTimeout(s, 60, TimeUnit.SECONDS).join();
                assertTrue(!s.isAlive(), "standby " + s.pid() + " outlived its killed manager by 60 s");
            }
        } finally {
            manager.destroyForcibly();
            standbys.forEach(ProcessHandle::destroyForcibly);
        }
    }

    private static String standbyLine(Process manager, List<String> output) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(manager.getInputStream(), StandardCharsets.UTF_8))) {
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                if (l.startsWith("STANDBYS ")) {
                    return l;
                }
                output.add(l);
            }
            return null;
        } catch (java.io.IOException e) {
            return null;
        }
    }
}
