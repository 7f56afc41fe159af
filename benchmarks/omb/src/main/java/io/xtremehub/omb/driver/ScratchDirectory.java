package io.xtremehub.omb.driver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.LoggerFactory;

/** A temporary directory for an embedded cluster's data, deleted when the cluster is done with it. */
public final class ScratchDirectory implements AutoCloseable {
    private final Path path;

    private ScratchDirectory(Path path) {
        this.path = path;
    }

    public static ScratchDirectory create(String prefix) {
        try {
            return new ScratchDirectory(Files.createTempDirectory(prefix));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory for the embedded cluster", e);
        }
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() {
        try (Stream<Path> all = Files.walk(path)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LoggerFactory.getLogger(ScratchDirectory.class).warn("could not delete {}: {}", path, e.toString());
        }
    }
}
