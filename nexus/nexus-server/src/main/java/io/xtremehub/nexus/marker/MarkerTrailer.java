package io.xtremehub.nexus.marker;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The object format of a chunk whose marker is known only after its bytes: a storing hop that
 * streams a transformed chunk into its backend learns the earlier hops' output lengths and the
 * client's MD5 from the end frame, which follows the bytes, while a backend takes an object's
 * metadata before them. Such an object is stored as its bytes, then the marker's encoded text, its
 * length (4 bytes, big-endian) and {@link #MAGIC}; its metadata holds {@link #PENDING} instead of the
 * marker. {@link MarkerTrailerBlobStore} shows readers the bytes and the marker in its metadata, as if
 * it had been written there. The object is written by one backend PUT (or, on S3, one multipart
 * upload completed at its end), so it is whole or absent.
 */
public final class MarkerTrailer {
    /** The metadata entry saying the marker trails the bytes (its value is the write id). */
    public static final String PENDING = ObjectMarker.PREFIX + "trailer";
    static final byte[] MAGIC = "NXMARKER".getBytes(StandardCharsets.US_ASCII);
    /** Length of the fixed end: the text's length and the magic. */
    static final int END = 4 + MAGIC.length;
    /** How much of an object's end one read fetches: markers are far shorter. */
    static final int TAIL = 4096;

    private MarkerTrailer() {
    }

    /** The user metadata plus the entry that marks the object as trailed. */
    public static Map<String, String> pendingMetadata(Map<String, String> userMetadata, String writeId) {
        Map<String, String> m = new LinkedHashMap<>(userMetadata);
        m.put(PENDING, writeId);
        return m;
    }

    /** Whether an object's metadata says its marker trails its bytes. */
    static boolean isPending(Map<String, String> metadata) {
        if (metadata == null) {
            return false;
        }
        for (String k : metadata.keySet()) {
            if (k.equalsIgnoreCase(PENDING)) {
                return true;
            }
        }
        return false;
    }

    /** The metadata a reader sees: the marker in place of the pending entry. */
    static Map<String, String> completed(Map<String, String> metadata, String markerText) {
        Map<String, String> m = new LinkedHashMap<>();
        metadata.forEach((k, v) -> {
            if (!k.equalsIgnoreCase(PENDING)) {
                m.put(k, v);
            }
        });
        m.put(ObjectMarker.MARKER, markerText);
        return m;
    }

    /**
     * The bytes followed by the trailer of the marker {@code marker} supplies once they were read to
     * their end (it may throw: the read fails and nothing is stored).
     */
    public static InputStream append(InputStream bytes, Supplier<ObjectMarker> marker) {
        return new Appending(bytes, marker);
    }

    /**
     * A trailer read from the end of a stored object.
     *
     * @param dataLength length of the bytes before it
     * @param markerText the marker's encoded text
     */
    record Parsed(long dataLength, String markerText) {
    }

    /**
     * Parses the last {@code tail.length} bytes of an object of {@code storedLength} bytes.
     *
     * @return the trailer, or null if it is longer than {@code tail}: read {@link #needed} bytes
     * @throws IllegalStateException if the object does not end with a trailer
     */
    static Parsed parse(byte[] tail, long storedLength) {
        int n = textLength(tail);
        if (n + END > tail.length) {
            return null;
        }
        String text = new String(tail, tail.length - END - n, n, StandardCharsets.UTF_8);
        return new Parsed(storedLength - END - n, text);
    }

    /** How many bytes of the object's end hold its whole trailer. */
    static int needed(byte[] tail) {
        return textLength(tail) + END;
    }

    private static int textLength(byte[] tail) {
        if (tail.length < END || !Arrays.equals(tail, tail.length - MAGIC.length, tail.length, MAGIC, 0,
                MAGIC.length)) {
            throw new IllegalStateException("object says its Nexus marker trails its bytes, but it ends without one");
        }
        int n = ByteBuffer.wrap(tail, tail.length - END, 4).getInt();
        if (n < 0) {
            throw new IllegalStateException("object carries a corrupt Nexus marker trailer (length " + n + ")");
        }
        return n;
    }

    static byte[] encode(ObjectMarker marker) {
        byte[] text = marker.addTo(Map.of()).get(ObjectMarker.MARKER).getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(text.length + END);
        b.put(text).putInt(text.length).put(MAGIC);
        return b.array();
    }

    /** What a stream from {@link #append} wrote once it was read to its end, else null. */
    static Parsed written(InputStream appended) {
        if (appended instanceof Appending a && a.trailer != null && a.at == a.trailer.length) {
            return new Parsed(a.dataLength, a.text);
        }
        return null;
    }

    /** The bytes, then the trailer. */
    private static final class Appending extends InputStream {
        private final InputStream bytes;
        private final Supplier<ObjectMarker> marker;
        private byte[] trailer;
        private String text;
        private long dataLength;
        private int at;

        Appending(InputStream bytes, Supplier<ObjectMarker> marker) {
            this.bytes = bytes;
            this.marker = marker;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (trailer == null) {
                int n = bytes.read(b, off, len);
                if (n >= 0) {
                    dataLength += n;
                    return n;
                }
                ObjectMarker m = marker.get();
                text = m.addTo(Map.of()).get(ObjectMarker.MARKER);
                trailer = encode(m);
            }
            if (at == trailer.length) {
                return -1;
            }
            int n = Math.min(len, trailer.length - at);
            System.arraycopy(trailer, at, b, off, n);
            at += n;
            return n;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public void close() throws IOException {
            bytes.close();
        }
    }
}
