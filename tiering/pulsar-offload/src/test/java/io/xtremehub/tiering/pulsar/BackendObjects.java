package io.xtremehub.tiering.pulsar;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The objects of a bucket as Nexus' filesystem backend stores them: one file per object, the
 * object's user metadata (Nexus' marker among it) in the file's extended attributes.
 */
final class BackendObjects {
    private BackendObjects() {
    }

    /** Keys of the bucket's objects. */
    static List<String> keys(Path bucketDir) throws IOException {
        if (!Files.isDirectory(bucketDir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(bucketDir)) {
            return files.filter(Files::isRegularFile).map(p -> bucketDir.relativize(p).toString()).sorted().toList();
        }
    }

    /** The object's user metadata, by attribute name. */
    static Map<String, String> metadata(Path bucketDir, String key) throws IOException {
        Path file = bucketDir.resolve(key);
        UserDefinedFileAttributeView view = Files.getFileAttributeView(file, UserDefinedFileAttributeView.class);
        Map<String, String> metadata = new TreeMap<>();
        for (String name : view.list()) {
            ByteBuffer value = ByteBuffer.allocate(view.size(name));
            view.read(name, value);
            metadata.put(name, new String(value.array(), 0, value.position(), StandardCharsets.UTF_8));
        }
        return metadata;
    }

    /** Bytes the backend stores for the object. */
    static long storedBytes(Path bucketDir, String key) throws IOException {
        return Files.size(bucketDir.resolve(key));
    }
}
