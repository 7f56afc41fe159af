package io.xtremehub.faastream.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line a worker JVM gets, read back by a stand-in for java that records its arguments. */
class LocalProcessPlatformTest {
    @TempDir
    Path dir;

    @Test
    void eachWorkerLogsIntoAFolderOfItsOwn() throws Exception {
        List<String> args = launch(LocalProcessPlatform.builder(), "j1-s0w0-0");
        assertTrue(args.contains("-Dxtremehub.log.dir=" + dir.resolve("logs").resolve("j1-s0w0-0")), args.toString());
        assertEquals(WorkerMain.class.getName(), args.get(args.size() - 1));
    }

    @Test
    void aLogFolderGivenInTheJvmOptionsIsKept() throws Exception {
        List<String> args = launch(LocalProcessPlatform.builder().jvmArgs(List.of("-Dxtremehub.log.dir=/var/log/w")),
                "j1-s0w0-1");
        assertEquals(List.of("-Dxtremehub.log.dir=/var/log/w"),
                args.stream().filter(a -> a.startsWith("-Dxtremehub.log.dir=")).toList());
    }

    private List<String> launch(LocalProcessPlatform.Builder builder, String workerId) throws Exception {
        Path recorded = dir.resolve("args");
        Path java = dir.resolve("java");
        Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done > '" + recorded + "'\ncat > /dev/null\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
        WorkerHandle h = builder.java(java.toString()).logDir(dir.resolve("logs")).build()
                .launch(new WorkerRequest(workerId, "j1", 0, "payload"));
        for (int i = 0; i < 100 && h.alive(); i++) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        return Files.readAllLines(recorded);
    }
}
