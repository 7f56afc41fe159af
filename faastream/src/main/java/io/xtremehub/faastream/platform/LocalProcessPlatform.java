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
 * jars: each class folder on it is copied into a jar ({@link WorkerClassPath}). A few worker JVMs
 * wait started ahead of need ({@link StandbyWorkers}, {@link Builder#standbyWorkers}), so a launch
 * does not wait for a JVM to start.
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
    /** Null when every launch starts its own JVM. */
    private final StandbyWorkers standbys;

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
        int standbyCount = b.standbyWorkers != null ? b.standbyWorkers : Builder.defaultStandbyWorkers();
        this.standbys = standbyCount > 0 ? new StandbyWorkers(standbyCount, logDir, this::startStandby) : null;
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
        if (archive != null) {
            archive.trainOnce(request.payload());
        }
        Path log = logDir.resolve(request.workerId() + ".log");
        Path logFolder = logDir.resolve(request.workerId());
        try {
            Files.createDirectories(logDir);
            Process p = standbys == null ? null : standbys.claim(request, log, logFolder);
            if (p == null) {
                p = start(logFolder, log, List.of());
                try (OutputStream in = p.getOutputStream()) {
                    in.write(request.payload().getBytes(StandardCharsets.US_ASCII));
                }
            }
            processes.put(request.workerId(), p);
            return new ProcessHandleImpl(request.workerId(), p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start worker JVM " + request.workerId() + " with " + java
                    + ": " + e.getMessage(), e);
        }
    }

    /** Worker processes outlive a manager killed with SIGKILL: they run until told to stop. */
    @Override
    public boolean workersOutliveManager() {
        return true;
    }

    /** Starts as many standbys beyond the pool's size, which the coming launches will take. */
    @Override
    public void expectLaunches(WorkerRequest like, int launches) {
        if (standbys != null) {
            standbys.expect(like.payload(), launches);
        }
    }

    private Process startStandby(Path log, Path logFolder) throws IOException {
        return start(logFolder, log, List.of(WorkerMain.STANDBY));
    }

    /** A worker JVM logging into {@code logFolder}, its output appended to {@code log}. */
    private Process start(Path logFolder, Path log, List<String> mainArgs) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(jvmArgs);
        if (archive != null) {
            cmd.addAll(archive.options());
        }
        if (jvmArgs.stream().noneMatch(a -> a.startsWith("-D" + LOG_DIR_PROPERTY + "="))) {
            // each worker's log file of its own, not one ./logs/xtremehub.log that every worker appends to
            cmd.add("-D" + LOG_DIR_PROPERTY + "=" + logFolder);
        }
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(WorkerMain.class.getName());
        cmd.addAll(mainArgs);
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
    }

    /** The standby worker JVMs waiting for a launch now. */
    List<Process> standbyProcesses() {
        return standbys == null ? List.of() : standbys.waiting();
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

    /** Kills any worker process still running, standbys too. */
    @Override
    public void close() {
        if (standbys != null) {
            standbys.close();
        }
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
        /** Sets the default number of standby worker JVMs (a baseline for recovery measurements: 0). */
        static final String STANDBY_WORKERS_PROPERTY = "faastream.worker.standbys";
        /** Null: the system property's or 1, read when the platform is built. */
        private Integer standbyWorkers;

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

        /**
         * How many worker JVMs wait started ahead of need (default 1, or system property
         * {@value #STANDBY_WORKERS_PROPERTY}): a launch takes one instead of starting a JVM, and
         * another starts in the background. 0: every launch starts its own JVM. They start with the
         * first launch, warmed up on the latest request, and end with the platform or its JVM.
         */
        public Builder standbyWorkers(int v) {
            this.standbyWorkers = checkStandbyWorkers(v, "standbyWorkers");
            return this;
        }

        private static int defaultStandbyWorkers() {
            String v = System.getProperty(STANDBY_WORKERS_PROPERTY);
            if (v == null || v.isBlank()) {
                return 1;
            }
            try {
                return checkStandbyWorkers(Integer.parseInt(v.trim()), "system property " + STANDBY_WORKERS_PROPERTY);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("system property " + STANDBY_WORKERS_PROPERTY
                        + " must be a whole number of standby worker JVMs (0 turns them off), not '" + v + "'");
            }
        }

        private static int checkStandbyWorkers(int v, String what) {
            if (v < 0 || v > 64) {
                throw new IllegalArgumentException(what + " must be between 0 (off) and 64, not " + v);
            }
            return v;
        }

        public LocalProcessPlatform build() {
            return new LocalProcessPlatform(this);
        }
    }
}
