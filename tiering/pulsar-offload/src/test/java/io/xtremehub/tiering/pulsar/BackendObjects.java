package io.xtremehub.tiering.pulsar;

import java.io.IOException;
import java.net.URLDecoder;
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
    /** Where S3Proxy's filesystem backend keeps Nexus' marker: user metadata {@code nexus-marker}. */
    private static final String MARKER = "user.user-metadata.nexus-marker";
    /**
     * Set instead when the marker trails the object's bytes (Nexus streamed a transformed chunk in
     * before knowing it): the file ends with the marker's text, its length (4 bytes) and "NXMARKER".
     */
    private static final String TRAILER = "user.user-metadata.nexus-trailer";
    private static final byte[] MAGIC = "NXMARKER".getBytes(StandardCharsets.US_ASCII);

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

    /**
     * Nexus' marker on the object, its fields by name ({@code p} policy@version, {@code n} length the
     * client wrote, {@code s} the steps applied, e.g. {@code 0:zstd@1:9191}); empty if the object has none.
     */
    static Map<String, String> nexusMarker(Path bucketDir, String key) throws IOException {
        Map<String, String> metadata = metadata(bucketDir, key);
        String marker = metadata.containsKey(TRAILER) ? trailingMarker(bucketDir.resolve(key)) : metadata.get(MARKER);
        Map<String, String> fields = new TreeMap<>();
        if (marker != null) {
            for (String field : marker.split("&")) {
                String[] kv = field.split("=", 2);
                fields.put(kv[0], URLDecoder.decode(kv.length > 1 ? kv[1] : "", StandardCharsets.UTF_8));
            }
        }
        return fields;
    }

    private static String trailingMarker(Path file) throws IOException {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
            ByteBuffer end = ByteBuffer.allocate(4 + MAGIC.length);
            ch.read(end, ch.size() - end.capacity());
            if (!java.util.Arrays.equals(end.array(), 4, end.capacity(), MAGIC, 0, MAGIC.length)) {
                throw new IOException(file + " says its Nexus marker trails its bytes, but it ends without one");
            }
            ByteBuffer text = ByteBuffer.allocate(end.getInt(0));
            ch.read(text, ch.size() - end.capacity() - text.capacity());
            return new String(text.array(), StandardCharsets.UTF_8);
        }
    }

    /** Bytes the backend stores for the object. */
    static long storedBytes(Path bucketDir, String key) throws IOException {
        return Files.size(bucketDir.resolve(key));
    }
}
