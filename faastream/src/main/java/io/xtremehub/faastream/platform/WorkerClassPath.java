package io.xtremehub.faastream.platform;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A worker JVM's class path made of jars only. The JVM can archive classes for sharing
 * ({@link WorkerClassArchive}) only from jars: a class folder on the path (a build's
 * {@code target/classes}) makes it refuse. Each folder is copied into a jar named after its
 * content (file names, sizes, times), made once and kept in a cache folder, so that every JVM
 * given the same folders gets the very same jar file (the archive is only valid for unchanged jars).
 */
final class WorkerClassPath {
    private WorkerClassPath() {
    }

    /** The entries of {@code classPath} in order, each folder replaced by its jar in {@code cacheDir}. */
    static List<String> jarsOnly(String classPath, Path cacheDir) {
        List<String> jars = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path p = Path.of(entry);
            jars.add(Files.isDirectory(p) ? folderJar(p, cacheDir).toString() : entry);
        }
        return jars;
    }

    private static Path folderJar(Path folder, Path cacheDir) {
        try {
            List<Path> files;
            try (Stream<Path> walk = Files.walk(folder)) {
                files = walk.filter(Files::isRegularFile).sorted().toList();
            }
            MessageDigest digest = sha256();
            digest.update(folder.toAbsolutePath().toString().getBytes(StandardCharsets.UTF_8));
            for (Path f : files) {
                digest.update((folder.relativize(f) + "|" + Files.size(f) + "|" + Files.getLastModifiedTime(f).toMillis()
                        + "\n").getBytes(StandardCharsets.UTF_8));
            }
            Path jar = cacheDir.resolve("classes-" + HexFormat.of().formatHex(digest.digest(), 0, 12) + ".jar");
            if (!Files.exists(jar)) {
                Files.createDirectories(cacheDir);
                Path tmp = Files.createTempFile(cacheDir, "classes-", ".tmp");
                try (OutputStream out = Files.newOutputStream(tmp); JarOutputStream j = new JarOutputStream(out)) {
                    for (Path f : files) {
                        JarEntry e = new JarEntry(folder.relativize(f).toString().replace(File.separatorChar, '/'));
                        e.setTime(Files.getLastModifiedTime(f).toMillis());
                        j.putNextEntry(e);
                        Files.copy(f, j);
                        j.closeEntry();
                    }
                }
                try {
                    Files.move(tmp, jar);
                } catch (FileAlreadyExistsException e) {
                    // another JVM made the same jar meanwhile: keep that one, which an archive may already name
                    Files.delete(tmp);
                }
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot pack class folder " + folder + " into a jar in " + cacheDir
                    + " for worker JVMs: " + e.getMessage(), e);
        }
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
