package io.xtremehub.faastream.internal.state;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** The object-store form of a list of {@link KeyedEntry}: a worker's delta, a Lambda hand-off's view, a stage's snapshot. */
public final class KeyedEntries {
    private static final int FORMAT = 1;

    private KeyedEntries() {
    }

    public static byte[] encode(Collection<KeyedEntry> entries) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(FORMAT);
            out.writeInt(entries.size());
            for (KeyedEntry e : entries) {
                out.writeUTF(e.field());
                out.writeInt(e.key().length);
                out.write(e.key());
                out.writeLong(e.version());
                out.writeInt(e.value() == null ? -1 : e.value().length);
                if (e.value() != null) {
                    out.write(e.value());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** @throws IOException when the bytes are not entries of this format */
    public static List<KeyedEntry> decode(byte[] body) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(body));
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("keyed state in format " + format + ", this version reads " + FORMAT);
        }
        int n = in.readInt();
        List<KeyedEntry> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String field = in.readUTF();
            byte[] key = in.readNBytes(in.readInt());
            long version = in.readLong();
            int length = in.readInt();
            byte[] value = length < 0 ? null : in.readNBytes(length);
            out.add(new KeyedEntry(field, key, value, version));
        }
        return out;
    }
}
