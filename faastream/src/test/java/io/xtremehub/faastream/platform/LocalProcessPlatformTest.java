package io.xtremehub.faastream.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/** The command line a worker JVM gets, read back by a stand-in for java that records its arguments. */
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
        LocalProcessPlatform platform = build(b, "archive=$(for a in \"$@\"; do echo \"$a\"; done"
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

    private List<String> launch(LocalProcessPlatform.Builder builder, String workerId) throws Exception {
        awaitEnd(build(builder, "").launch(new WorkerRequest(workerId, "j1", 0, "payload")));
        return Files.readAllLines(dir.resolve("args"));
    }

    /**
     * A platform whose java is a stand-in that records its arguments in {@code args} (a training
     * run's, whose last argument is --warm-up, in {@code args-training}) and then runs {@code script}.
     */
    private LocalProcessPlatform build(LocalProcessPlatform.Builder builder, String script) throws Exception {
        Path java = dir.resolve("java");
        Files.writeString(java, "#!/bin/sh\nout='" + dir.resolve("args") + "'\nfor a in \"$@\"; do last=$a; done\n"
                + "[ \"$last\" = --warm-up ] && out=\"$out-training\"\n"
                + "for a in \"$@\"; do echo \"$a\"; done > \"$out\"\ncat > /dev/null\n" + script);
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
