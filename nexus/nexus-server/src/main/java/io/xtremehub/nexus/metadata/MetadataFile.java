package io.xtremehub.nexus.metadata;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.xtremehub.nexus.policy.Policy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

/**
 * The durable form of a {@link LocalMetadataStore}: one JSON file, replaced atomically on every
 * change (write a temporary file, fsync it, rename it over the old one, fsync the directory), so a
 * crash leaves either the old or the new content, never a torn file. A lock file keeps two workers
 * from sharing it. The file is readable by its owner only: policies may hold keys.
 */
final class MetadataFile implements AutoCloseable {
    /** Format version written in the file; a newer one is refused rather than misread. */
    static final int FORMAT = 1;

    /**
     * What the file holds.
     *
     * @param format file format version
     * @param policies every version of every policy
     * @param active name to active version
     * @param streamlets streamlet registrations
     */
    record Content(int format, List<Policy> policies, Map<String, Long> active,
                   List<StreamletRegistration> streamlets) {
        Content {
            policies = policies == null ? List.of() : List.copyOf(policies);
            active = active == null ? Map.of() : Map.copyOf(active);
            streamlets = streamlets == null ? List.of() : List.copyOf(streamlets);
        }
    }

    private final Path file;
    private final FileChannel lockChannel;
    private final FileLock lock;

    /**
     * Opens (and locks) the metadata file at {@code file}; it need not exist yet.
     *
     * @throws IllegalStateException with one line if another worker holds it
     */
    MetadataFile(Path file) {
        this.file = file.toAbsolutePath();
        Path lockFile = this.file.resolveSibling(this.file.getFileName() + ".lock");
        try {
            Files.createDirectories(this.file.getParent());
            lockChannel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open Nexus metadata lock " + lockFile + ": " + e.getMessage(), e);
        }
        FileLock acquired;
        try {
            acquired = lockChannel.tryLock();
        } catch (OverlappingFileLockException | IOException e) {
            acquired = null;
        }
        if (acquired == null) {
            closeQuietly(lockChannel);
            throw new IllegalStateException("Nexus metadata " + this.file + " is in use by another worker: "
                    + "give each worker its own workDir or share metadata through Redis");
        }
        lock = acquired;
    }

    Path path() {
        return file;
    }

    /**
     * The stored content, or empty content if there is no file yet.
     *
     * @throws IllegalStateException with one line if the file cannot be read or parsed
     */
    Content load() {
        if (!Files.exists(file)) {
            return new Content(FORMAT, List.of(), Map.of(), List.of());
        }
        Content content;
        try {
            content = MetadataJson.MAPPER.readValue(Files.readAllBytes(file), Content.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Nexus metadata " + file + " is corrupt (" + e.getOriginalMessage()
                    + "): restore it from a backup; objects written under its policies cannot be read without it", e);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read Nexus metadata " + file + ": " + e.getMessage(), e);
        }
        if (content.format() > FORMAT) {
            throw new IllegalStateException("Nexus metadata " + file + " has format " + content.format()
                    + ", newer than this Nexus understands (" + FORMAT + "): upgrade Nexus");
        }
        return content;
    }

    /** Replaces the file with the content, atomically and durably. */
    void store(Content content) {
        atomicWrite(file, MetadataJson.write(content).getBytes(StandardCharsets.UTF_8));
    }

    private Path stateFile(String key, String suffix) {
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return file.resolveSibling("state").resolve(java.util.HexFormat.of().formatHex(d) + suffix);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The last chunk of a state and the state before it, kept beside the state. */
    record Last(String chunk, String before) {
    }

    /** A streamlet state stored by {@link #storeState}, if any. */
    java.util.Optional<StoredState> loadState(String key) {
        Path f = stateFile(key, ".json");
        Path last = stateFile(key, ".last.json");
        try {
            if (!Files.exists(f)) {
                return java.util.Optional.empty();
            }
            String json = Files.readString(f);
            if (!Files.exists(last)) {
                return java.util.Optional.of(StoredState.of(json));
            }
            Last l = MetadataJson.read(Files.readString(last), Last.class);
            return java.util.Optional.of(new StoredState(json, l.chunk(), l.before()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read streamlet state " + f + ": " + e.getMessage(), e);
        }
    }

    /**
     * Stores a streamlet state atomically and durably, two files per key under {@code state/}: the
     * last chunk first, then the state. A crash between the two leaves the state before that chunk
     * with the chunk named last, which is what a retry of the chunk is applied to anyway.
     */
    void storeState(String key, StoredState state) {
        Path f = stateFile(key, ".json");
        try {
            Files.createDirectories(f.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + f.getParent() + ": " + e.getMessage(), e);
        }
        atomicWrite(stateFile(key, ".last.json"), MetadataJson.write(new Last(state.lastChunk(), state.before()))
                .getBytes(StandardCharsets.UTF_8));
        atomicWrite(f, state.json().getBytes(StandardCharsets.UTF_8));
    }

    /** Write a temp file, fsync it, rename it over {@code target}, fsync the directory. */
    private static void atomicWrite(Path target, byte[] bytes) {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Path file = target;
        byte[] json = bytes;
        try {
            Files.deleteIfExists(tmp);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ownerOnly(tmp);
                ByteBuffer buf = ByteBuffer.wrap(json);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("the file system of " + file.getParent() + " cannot rename atomically", e);
            }
            syncDirectory(file.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write Nexus metadata " + file + ": " + e.getMessage(), e);
        }
    }

    private static void ownerOnly(Path path) {
        try {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException | IOException e) {
            // not a POSIX file system: the directory's permissions apply
        }
    }

    /** Makes the rename durable: on Linux a directory opened for reading can be fsynced. */
    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // some platforms cannot open directories; the rename is still atomic there
        }
    }

    private static void closeQuietly(FileChannel ch) {
        try {
            ch.close();
        } catch (IOException e) {
            // nothing held
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException e) {
            // the channel close below releases it too
        }
        closeQuietly(lockChannel);
    }
}
