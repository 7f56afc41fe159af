package io.xtremehub.nexus.pipeline;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Temporary files on the worker's disk that hold a chunk between pipeline and backend. */
final class Spool {
    private final Path dir;

    Spool(Path dir) throws IOException {
        this.dir = Files.createDirectories(dir);
    }

    /** A new empty spool file, deleted when closed. */
    SpoolFile create(String purpose) throws IOException {
        return new SpoolFile(Files.createTempFile(dir, purpose, ".spool"));
    }

    Path dir() {
        return dir;
    }

    /** One spool file. */
    static final class SpoolFile implements AutoCloseable {
        private final Path path;

        SpoolFile(Path path) {
            this.path = path;
        }

        Path path() {
            return path;
        }

        OutputStream output() throws IOException {
            return Files.newOutputStream(path);
        }

        InputStream input() throws IOException {
            return Files.newInputStream(path);
        }

        long size() throws IOException {
            return Files.size(path);
        }

        @Override
        public void close() {
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                path.toFile().deleteOnExit();
            }
        }
    }
}
