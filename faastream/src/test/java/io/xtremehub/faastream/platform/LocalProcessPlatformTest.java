package io.xtremehub.faastream.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line a worker JVM gets, read back by a stand-in for java that records its arguments,
 * and launches through standby JVMs ({@link StandbyWorkers}), stood in for by a script.
 */
class LocalProcessPlatformTest {
    @TempDir
    Path dir;

    @Test
    void eachWorkerLogsIntoAFolderOfItsOwn() throws Exception {
        List<String> args = launch(LocalProcessPlatform.builder().classArchiveDir(dir.resolve("cds")), "j1-s0w0-0");
        assertTrue(args.contains("-Dxtremehub.log.dir=" + dir.resolve("logs").resolve("j1-s0w0-0")), args.toString());
        assertEquals(WorkerMain.class.getName(), args.get(args.size() - 1));
    }

    @Test
    void aLogFolderGivenInTheJvmOptionsIsKept() throws Exception {
        List<String> args = launch(LocalProcessPlatform.builder().classArchiveDir(dir.resolve("cds"))
                        .jvmArgs(List.of("-Dxtremehub.log.dir=/var/log/w")),
                "j1-s0w0-1");
        assertEquals(List.of("-Dxtremehub.log.dir=/var/log/w"),
                args.stream().filter(a -> a.startsWith("-Dxtremehub.log.dir=")).toList());
    }

    @Test
    void workersRunFromJarsAndATrainingRunMakesTheirClassArchive() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes").resolve("p"));
        Files.writeString(classes.resolve("A.class"), "not really a class");
        Path jar = Files.writeString(dir.resolve("lib.jar"), "not really a jar");
        LocalProcessPlatform.Builder b = LocalProcessPlatform.builder().classArchiveDir(dir.resolve("cds"))
                .classPath(dir.resolve("classes") + File.pathSeparator + jar);
        List<String> args = launch(b, "j1-s0w0-0");
        String classPath = args.get(args.indexOf("-cp") + 1);
        String[] entries = classPath.split(File.pathSeparator);
        assertEquals(2, entries.length, classPath);
        assertTrue(entries[0].startsWith(dir.resolve("cds").toString()) && entries[0].endsWith(".jar"),
                "the class folder became a jar: " + classPath);
        try (JarFile j = new JarFile(entries[0])) {
            assertTrue(j.getEntry("p/A.class") != null, "the jar holds the folder's files");
        }
        assertEquals(jar.toString(), entries[1]);
        assertTrue(args.stream().noneMatch(a -> a.startsWith("-XX:SharedArchiveFile=")), "no archive yet: " + args);

        Path training = dir.resolve("args-training");
        for (int i = 0; i < 100 && !Files.exists(training); i++) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        List<String> trainingArgs = Files.readAllLines(training);
        assertTrue(trainingArgs.stream().anyMatch(a -> a.startsWith("-XX:ArchiveClassesAtExit=" + dir.resolve("cds"))),
                trainingArgs.toString());
        assertEquals(List.of(WorkerMain.class.getName(), "--warm-up"),
                trainingArgs.subList(trainingArgs.size() - 2, trainingArgs.size()));
        assertEquals(classPath, trainingArgs.get(trainingArgs.indexOf("-cp") + 1), "the same class path");
    }

    @Test
    void theArchiveATrainingRunWroteIsGivenToLaterWorkers() throws Exception {
        LocalProcessPlatform.Builder b = LocalProcessPlatform.builder().classArchiveDir(dir.resolve("cds"))
                .classPath(Files.writeString(dir.resolve("lib.jar"), "not really a jar").toString());
        // the stand-in writes the archive it is asked for, as a JVM does when it exits normally
        LocalProcessPlatform platform = build(b.standbyWorkers(0), "archive=$(for a in \"$@\"; do echo \"$a\"; done"
                + " | sed -n 's/^-XX:ArchiveClassesAtExit=//p')\n[ -n \"$archive\" ] && echo archive > \"$archive\"\n");
        assertTrue(awaitEnd(platform.launch(new WorkerRequest("j1-s0w0-0", "j1", 0, "payload"))));
        Path archive = null;
        for (int i = 0; i < 100 && archive == null; i++) {
            TimeUnit.MILLISECONDS.sleep(50);
            try (var files = Files.list(dir.resolve("cds"))) {
                archive = files.filter(f -> f.toString().endsWith(".jsa")).findFirst().orElse(null);
            }
        }
        assertTrue(archive != null, "the training run's archive was kept");
        awaitEnd(platform.launch(new WorkerRequest("j1-s0w1-0", "j1", 0, "payload")));
        List<String> args = Files.readAllLines(dir.resolve("args"));
        assertTrue(args.contains("-XX:SharedArchiveFile=" + archive), args.toString());
        assertTrue(args.stream().noneMatch(a -> a.startsWith("-XX:ArchiveClassesAtExit")), "no second training");
    }

    @Test
    void aLaunchTakesAWaitingStandbyAndAnotherStartsInItsPlace() throws Exception {
        try (LocalProcessPlatform platform = build(LocalProcessPlatform.builder().classArchiveDir(null).standbyWorkers(1),
                "")) {
            // the first launch starts a JVM of its own: no standby waits yet; one starts, warmed up on its request
            WorkerHandle first = platform.launch(new WorkerRequest("j1-s0w0-0", "j1", 0, "request-1"));
            Process standby = awaitStandby(platform, null);
            assertEquals("request-1", awaitLine(dir.resolve("warm-" + standby.pid())));
            assertTrue(awaitEnd(first), "the cold worker ran its request and ended");
            assertEquals(List.of("ran request-1"), Files.readAllLines(dir.resolve("logs").resolve("j1-s0w0-0.log")));

            WorkerHandle second = platform.launch(new WorkerRequest("j1-s0w1-0", "j1", 0, "request-2"));
            assertTrue(standby.waitFor(10, TimeUnit.SECONDS), "the launch went to the standby, which ran it and ended");
            assertTrue(awaitEnd(second));
            assertEquals(List.of("standby ready", "ran request-2"),
                    Files.readAllLines(dir.resolve("logs").resolve("j1-s0w1-0.log")),
                    "the standby's output is the worker's log");
            assertTrue(Files.isDirectory(dir.resolve("logs").resolve("j1-s0w1-0")),
                    "the standby's log folder became the worker's");

            Process refill = awaitStandby(platform, standby);
            assertEquals("request-2", awaitLine(dir.resolve("warm-" + refill.pid())), "warmed up on the latest request");
        }
    }

    @Test
    void expectedLaunchesStartStandbysBeyondThePoolWhichTheyTake() throws Exception {
        try (LocalProcessPlatform platform = build(LocalProcessPlatform.builder().classArchiveDir(null).standbyWorkers(1),
                "")) {
            // a manager resuming a job: nothing launched yet, so the standbys warm up on the request given
            platform.expectLaunches(new WorkerRequest("j1-s0w0-0", "j1", 0, "request-0"), 2);
            awaitStandbys(platform, 2);
            for (Process p : platform.standbyProcesses()) {
                assertEquals("request-0", awaitLine(dir.resolve("warm-" + p.pid())));
            }
            assertTrue(awaitEnd(platform.launch(new WorkerRequest("j1-s0w0-1", "j1", 0, "request-1"))));
            assertTrue(awaitEnd(platform.launch(new WorkerRequest("j1-s0w1-1", "j1", 0, "request-1"))));
            for (String worker : List.of("j1-s0w0-1", "j1-s0w1-1")) {
                assertEquals("standby ready", Files.readAllLines(dir.resolve("logs").resolve(worker + ".log")).get(0),
                        worker + " ran in a standby");
            }
            awaitStandbys(platform, 1);
            platform.expectLaunches(new WorkerRequest("j1-s0w1-1", "j1", 0, "request-1"), 2); // a roll-back with two lost slots began
            awaitStandbys(platform, 3);
            List<Process> before = platform.standbyProcesses();
            assertTrue(awaitEnd(platform.launch(new WorkerRequest("j1-s0w1-1", "j1", 0, "request-2"))));
            assertTrue(awaitEnd(platform.launch(new WorkerRequest("j1-s0w2-1", "j1", 0, "request-3"))));
            List<Process> after = platform.standbyProcesses();
            assertEquals(1, after.size(), "the pool is back at its size, no more: " + after);
            assertTrue(before.containsAll(after), "no standby was started for the two launches: " + before + " " + after);
            for (String worker : List.of("j1-s0w1-1", "j1-s0w2-1")) {
                assertEquals("standby ready", Files.readAllLines(dir.resolve("logs").resolve(worker + ".log")).get(0),
                        worker + " ran in a standby");
            }
        }
    }

    private static void awaitStandbys(LocalProcessPlatform platform, int n) throws InterruptedException {
        for (int i = 0; i < 200 && platform.standbyProcesses().size() < n; i++) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        assertEquals(n, platform.standbyProcesses().size(), "standbys waiting");
    }

    @Test
    void closingThePlatformEndsItsStandbys() throws Exception {
        LocalProcessPlatform platform = build(LocalProcessPlatform.builder().classArchiveDir(null).standbyWorkers(2), "");
        awaitEnd(platform.launch(new WorkerRequest("j1-s0w0-0", "j1", 0, "request-1")));
        Process a = awaitStandby(platform, null);
        for (int i = 0; i < 200 && platform.standbyProcesses().size() < 2; i++) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        List<Process> standbys = platform.standbyProcesses();
        assertEquals(2, standbys.size(), "the pool filled up to its size");
        assertTrue(standbys.contains(a));
        platform.close();
        for (Process p : standbys) {
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), "standby " + p.pid() + " ended with the platform");
        }
    }

    @Test
    void withNoStandbysEveryLaunchStartsItsOwnJvm() throws Exception {
        try (LocalProcessPlatform platform = build(LocalProcessPlatform.builder().classArchiveDir(null).standbyWorkers(0),
                "")) {
            assertTrue(awaitEnd(platform.launch(new WorkerRequest("j1-s0w0-0", "j1", 0, "request-1"))));
            assertTrue(awaitEnd(platform.launch(new WorkerRequest("j1-s0w1-0", "j1", 0, "request-2"))));
            assertEquals(List.of("ran request-2"), Files.readAllLines(dir.resolve("logs").resolve("j1-s0w1-0.log")));
            assertEquals(WorkerMain.class.getName(), Files.readAllLines(dir.resolve("args")).get(
                    Files.readAllLines(dir.resolve("args")).size() - 1), "started as a worker, not a standby");
            assertTrue(platform.standbyProcesses().isEmpty());
            assertTrue(!Files.exists(dir.resolve("args-standby")), "no standby JVM was ever started");
        }
    }

    @Test
    void aBadStandbyCountIsOneLineSayingWhatIsAllowed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LocalProcessPlatform.builder().standbyWorkers(-1));
        assertEquals("standbyWorkers must be between 0 (off) and 64, not -1", e.getMessage());
        String before = System.getProperty(LocalProcessPlatform.Builder.STANDBY_WORKERS_PROPERTY);
        System.setProperty(LocalProcessPlatform.Builder.STANDBY_WORKERS_PROPERTY, "two");
        try {
            e = assertThrows(IllegalArgumentException.class, () -> LocalProcessPlatform.builder().build());
            assertEquals("system property faastream.worker.standbys must be a whole number of standby worker JVMs"
                    + " (0 turns them off), not 'two'", e.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty(LocalProcessPlatform.Builder.STANDBY_WORKERS_PROPERTY);
            } else {
                System.setProperty(LocalProcessPlatform.Builder.STANDBY_WORKERS_PROPERTY, before);
            }
        }
    }

    /** A waiting standby other than {@code not}. */
    private static Process awaitStandby(LocalProcessPlatform platform, Process not) throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            List<Process> waiting = platform.standbyProcesses().stream().filter(p -> !p.equals(not)).toList();
            if (!waiting.isEmpty()) {
                return waiting.get(0);
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        throw new AssertionError("no standby started: " + platform.standbyProcesses());
    }

    private static String awaitLine(Path file) throws Exception {
        for (int i = 0; i < 200 && (!Files.exists(file) || Files.readAllLines(file).isEmpty()); i++) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        return Files.readAllLines(file).get(0);
    }

    private List<String> launch(LocalProcessPlatform.Builder builder, String workerId) throws Exception {
        try (LocalProcessPlatform platform = build(builder, "")) {
            awaitEnd(platform.launch(new WorkerRequest(workerId, "j1", 0, "payload")));
        }
        return Files.readAllLines(dir.resolve("args"));
    }

    /**
     * A platform whose java is a stand-in that records its arguments in {@code args} (a training
     * run's, whose last argument is --warm-up, in {@code args-training}; a standby's in
     * {@code args-standby}) and then runs {@code script}. A worker prints "ran" and its request; a
     * standby writes its warm-up request to {@code warm-<pid>}, prints "standby ready" and, given its
     * request, runs it like a worker; it ends when its input closes without one, as a real standby does.
     */
    private LocalProcessPlatform build(LocalProcessPlatform.Builder builder, String script) throws Exception {
        Path java = dir.resolve("java");
        Files.writeString(java, "#!/bin/sh\nout='" + dir.resolve("args") + "'\nfor a in \"$@\"; do last=$a; done\n"
                + "[ \"$last\" = --warm-up ] && out=\"$out-training\"\n"
                + "[ \"$last\" = --standby ] && out=\"$out-standby\"\n"
                + "for a in \"$@\"; do echo \"$a\"; done > \"$out\"\n"
                // the log folder a real JVM's logging creates
                + "for a in \"$@\"; do case \"$a\" in -Dxtremehub.log.dir=*) mkdir -p \"${a#-Dxtremehub.log.dir=}\";; esac; done\n"
                + "if [ \"$last\" = --standby ]; then\n"
                + "  read warm || exit 0\n  echo \"$warm\" > '" + dir + "/warm-'$$\n  echo standby ready\n"
                + "  read request || exit 0\n  echo \"ran $request\"\n"
                + "elif [ \"$last\" = --warm-up ]; then cat > /dev/null\n"
                + "else echo \"ran $(cat)\"\nfi\n" + script);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
        return builder.java(java.toString()).logDir(dir.resolve("logs")).build();
    }

    private static boolean awaitEnd(WorkerHandle h) throws InterruptedException {
        for (int i = 0; i < 100 && h.alive(); i++) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        return !h.alive();
    }
}
