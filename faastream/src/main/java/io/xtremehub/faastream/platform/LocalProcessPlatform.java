package io.xtremehub.faastream.platform;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs each worker as its own JVM process on this machine, like a function instance: it can crash
 * or be killed independently of the manager. The default platform of the embedded cluster.
 *
 * <p>The worker JVM's class path is, unless set with {@link Builder#classPath}, the manager's own:
 * Surefire's real test class path when running under Maven tests, else {@code java.class.path}.
 * Each worker's output goes to {@code <logDir>/<workerId>.log}, its log file (the components' warnings)
 * to {@code <logDir>/<workerId>/xtremehub.log} unless its JVM options set {@code xtremehub.log.dir}.
 * Worker JVMs share a class archive ({@link WorkerClassArchive}), so they run from a class path of
 * jars: each class folder on it is copied into a jar ({@link WorkerClassPath}).
 */
public final class LocalProcessPlatform implements WorkerPlatform {
    /** Where XtremeHub's logback configuration puts its log file. */
    private static final String LOG_DIR_PROPERTY = "xtremehub.log.dir";
    private final String java;
    private final String classPath;
    private final List<String> jvmArgs;
    private final Path logDir;
    /** Null when worker JVMs load their classes themselves. */
    private final WorkerClassArchive archive;
    private final Map<String, Process> processes = new ConcurrentHashMap<>();

    private LocalProcessPlatform(Builder b) {
        this.java = b.java;
        this.jvmArgs = List.copyOf(b.jvmArgs);
        this.logDir = b.logDir;
        if (b.classArchiveDir != null) {
            this.classPath = String.join(File.pathSeparator, WorkerClassPath.jarsOnly(b.classPath, b.classArchiveDir));
            this.archive = new WorkerClassArchive(java, jvmArgs, classPath, b.classArchiveDir,
                    logDir.resolve("class-archive-training.log"));
        } else {
            this.classPath = b.classPath;
            this.archive = null;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The class path the manager JVM was started with (what workers get by default). */
    public static String defaultClassPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }

    @Override
    public WorkerHandle launch(WorkerRequest request) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(jvmArgs);
        if (archive != null) {
            cmd.addAll(archive.options());
            archive.trainOnce(request.payload());
        }
        if (jvmArgs.stream().noneMatch(a -> a.startsWith("-D" + LOG_DIR_PROPERTY + "="))) {
            // each worker's log file of its own, not one ./logs/xtremehub.log that every worker appends to
            cmd.add("-D" + LOG_DIR_PROPERTY + "=" + logDir.resolve(request.workerId()));
        }
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(WorkerMain.class.getName());
        try {
            Files.createDirectories(logDir);
            File log = logDir.resolve(request.workerId() + ".log").toFile();
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log)).start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(request.payload().getBytes(StandardCharsets.US_ASCII));
            }
            processes.put(request.workerId(), p);
            return new ProcessHandleImpl(request.workerId(), p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start worker JVM " + request.workerId() + " with " + java
                    + ": " + e.getMessage(), e);
        }
    }

    /** The OS process id of a running worker, or -1 (lets tests kill a worker like a crash would). */
    public long pidOf(String workerId) {
        Process p = processes.get(workerId);
        return p == null || !p.isAlive() ? -1 : p.pid();
    }

    /** Ids of the workers whose processes are running now. */
    public List<String> runningWorkers() {
        return processes.entrySet().stream().filter(e -> e.getValue().isAlive()).map(Map.Entry::getKey).sorted().toList();
    }

    @Override
    public boolean sharesHostWithManager() {
        return true;
    }

    @Override
    public String name() {
        return "processes";
    }

    /** Kills any worker process still running. */
    @Override
    public void close() {
        processes.values().forEach(Process::destroyForcibly);
        processes.clear();
    }

    private record ProcessHandleImpl(String workerId, Process process) implements WorkerHandle {
        @Override public boolean alive() { return process.isAlive(); }
        @Override public void kill() { process.destroyForcibly(); }
    }

    /** Builder; every option has a working default. */
    public static final class Builder {
        private String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        private String classPath = defaultClassPath();
        private final List<String> jvmArgs = new ArrayList<>(List.of("-Xmx512m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Xshare:auto"));
        private Path logDir = Path.of(System.getProperty("java.io.tmpdir"), "faastream-workers");
        /** Set to {@code off}, turns the class archive off by default (a baseline for start-up measurements). */
        static final String CLASS_ARCHIVE_PROPERTY = "faastream.worker.class.archive";
        private Path classArchiveDir = "off".equals(System.getProperty(CLASS_ARCHIVE_PROPERTY)) ? null
                : Path.of(System.getProperty("java.io.tmpdir"), "faastream-worker-classes");

        {
            // workers log like the manager: same logback configuration when one was given
            String logback = System.getProperty("logback.configurationFile");
            if (logback != null) {
                jvmArgs.add("-Dlogback.configurationFile=" + logback);
            }
        }

        public Builder java(String v) { this.java = Objects.requireNonNull(v); return this; }
        public Builder classPath(String v) { this.classPath = Objects.requireNonNull(v); return this; }
        /** Replaces the default JVM options of worker processes. */
        public Builder jvmArgs(List<String> v) { jvmArgs.clear(); jvmArgs.addAll(v); return this; }
        public Builder logDir(Path v) { this.logDir = Objects.requireNonNull(v); return this; }

        /**
         * Where the class-data-sharing archive that speeds up worker JVM start-up is kept, with jars of
         * the class folders on the class path (default {@code <java.io.tmpdir>/faastream-worker-classes},
         * or null when system property {@value #CLASS_ARCHIVE_PROPERTY} is {@code off}); null: worker JVMs
         * load their classes themselves, from the class path as given.
         */
        public Builder classArchiveDir(Path v) { this.classArchiveDir = v; return this; }

        public LocalProcessPlatform build() {
            return new LocalProcessPlatform(this);
        }
    }
}
