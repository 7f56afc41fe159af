package io.xtremehub.faastream.platform;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A stand-in manager JVM for {@link StandbyWorkersIT}: a local-process platform with two standby
 * worker JVMs. It launches a worker (which fills the pool), then a second one through a standby
 * (requests that are not a worker's: each JVM fails on it, its standbys' warm-ups too), waits for
 * that one to end and the pool to be full again and prints {@code STANDBYS <pid> <pid>}; then it waits to be killed.
 */
public final class StandbyHolderMain {
    private StandbyHolderMain() {
    }

    public static void main(String[] args) throws Exception {
        LocalProcessPlatform platform = LocalProcessPlatform.builder().classArchiveDir(null).standbyWorkers(2)
                .logDir(Path.of(args[0])).build();
        platform.launch(new WorkerRequest("h-s0w0-0", "h", 0, "not-a-worker-request"));
        awaitFull(platform);
        WorkerHandle second = platform.launch(new WorkerRequest("h-s0w1-0", "h", 0, "not-a-worker-request-either"));
        while (second.alive()) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        awaitFull(platform);
        List<Process> standbys = platform.standbyProcesses();
        System.out.println("STANDBYS " + standbys.stream().map(p -> Long.toString(p.pid())).collect(Collectors.joining(" ")));
        System.out.flush();
        TimeUnit.HOURS.sleep(1);
    }

    private static void awaitFull(LocalProcessPlatform platform) throws InterruptedException {
        while (platform.standbyProcesses().size() < 2) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }
}
