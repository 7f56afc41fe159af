package io.xtremehub.faastream.platform;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A class-data-sharing archive of what a worker JVM loads at start-up, shared by every worker JVM
 * of a class path. A new worker spends most of its start-up loading and verifying classes (Pravega's
 * client, gRPC, Netty, the AWS SDK, Jackson); from the archive it maps them ready-made, with about
 * half the CPU, which is what a lost worker's replacement waits for on a busy machine.
 *
 * <p>The JVM writes such an archive only when it exits normally, so killed workers cannot make it: a
 * separate training JVM does, once, on the first worker request ({@link WorkerEntryPoint#warmUp}:
 * decoding it, connecting, reading the stage's channels; nothing it changes). Workers launched before
 * it is written start without it. The archive is named after everything it depends on (the JVM, its
 * options, each jar's path, size and time), so a changed class path gets a new one; archives unused
 * for a week are deleted.
 */
final class WorkerClassArchive {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerClassArchive.class);
    private static final Duration KEEP = Duration.ofDays(7);
    private final String java;
    private final List<String> jvmArgs;
    private final String classPath;
    private final Path archive;
    private final Path trainingLog;
    private final AtomicBoolean trained = new AtomicBoolean();

    /**
     * @param classPath the workers' class path, jars only ({@link WorkerClassPath})
     * @param cacheDir  where archives are kept
     */
    WorkerClassArchive(String java, List<String> jvmArgs, String classPath, Path cacheDir, Path trainingLog) {
        this.java = java;
        this.jvmArgs = List.copyOf(jvmArgs);
        this.classPath = classPath;
        this.archive = cacheDir.resolve("worker-" + fingerprint() + ".jsa");
        this.trainingLog = trainingLog;
    }

    /** The options that make a worker JVM use the archive: none until it has been written. */
    List<String> options() {
        if (!Files.isRegularFile(archive)) {
            return List.of();
        }
        try {
            Files.setLastModifiedTime(archive, FileTime.from(Instant.now())); // in use: not pruned
        } catch (IOException e) {
            LOG.debug("cannot touch {}: {}", archive, e.toString());
        }
        return List.of("-XX:SharedArchiveFile=" + archive);
    }

    /** Starts the training JVM on {@code payload}, a worker's request, unless the archive exists or one ran. */
    void trainOnce(String payload) {
        if (Files.isRegularFile(archive) || !trained.compareAndSet(false, true)) {
            return;
        }
        // a name of its own: another platform may train for the same archive at the same time
        Path written = archive.resolveSibling(archive.getFileName() + "." + UUID.randomUUID() + ".tmp");
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(jvmArgs);
        cmd.add("-XX:ArchiveClassesAtExit=" + written);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(WorkerMain.class.getName());
        cmd.add(WorkerMain.WARM_UP);
        try {
            Files.createDirectories(archive.getParent());
            prune(archive.getParent());
            Files.createDirectories(trainingLog.getParent());
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(trainingLog.toFile())).start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(payload.getBytes(StandardCharsets.US_ASCII));
            }
            p.onExit().thenAccept(done -> keep(done.exitValue(), written));
        } catch (IOException e) {
            LOG.warn("worker JVMs start without a class archive: cannot run {}: {}", java, e.toString());
        }
    }

    private void keep(int exit, Path written) {
        try {
            if (exit != 0 || !Files.isRegularFile(written)) {
                // most often the job ended (and its streams went) before the training run reached them
                LOG.info("worker JVMs start without a class archive: its training run exited with {} (see {}); "
                        + "the next manager on this class path trains again", exit, trainingLog);
                Files.deleteIfExists(written);
                return;
            }
            try {
                Files.move(written, archive);
            } catch (FileAlreadyExistsException e) {
                Files.delete(written); // another manager's training run was first
            }
            LOG.info("worker JVMs start from class archive {}", archive);
        } catch (IOException e) {
            LOG.warn("worker JVMs start without a class archive: {}", e.toString());
        }
    }

    /** Deletes archives not used for {@link #KEEP} (of class paths that changed since). */
    private static void prune(Path cacheDir) throws IOException {
        Instant before = Instant.now().minus(KEEP);
        try (Stream<Path> files = Files.list(cacheDir)) {
            for (Path f : files.toList()) {
                if (Files.getLastModifiedTime(f).toInstant().isBefore(before)
                        && (f.toString().endsWith(".jsa") || f.toString().endsWith(".tmp"))) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    private String fingerprint() {
        MessageDigest digest = WorkerClassPath.sha256();
        StringBuilder sb = new StringBuilder(System.getProperty("java.home")).append('|')
                .append(System.getProperty("java.vm.version")).append('|').append(java).append('|')
                // system properties (a log folder, a logging configuration) do not change what is archived:
                // managers that set them differently share one archive
                .append(jvmArgs.stream().filter(a -> !a.startsWith("-D")).toList()).append('\n');
        for (String jar : classPath.split(File.pathSeparator)) {
            Path p = Path.of(jar);
            try {
                sb.append(jar).append('|').append(Files.size(p)).append('|')
                        .append(Files.getLastModifiedTime(p).toMillis()).append('\n');
            } catch (IOException e) {
                sb.append(jar).append("|missing\n");
            }
        }
        return HexFormat.of().formatHex(digest.digest(sb.toString().getBytes(StandardCharsets.UTF_8)), 0, 12);
    }
}
