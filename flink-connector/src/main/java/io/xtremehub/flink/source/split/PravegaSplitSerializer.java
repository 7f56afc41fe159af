package io.xtremehub.flink.source.split;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** Writes a {@link PravegaSplit} as group name, subtask index and reader id. */
public final class PravegaSplitSerializer implements SimpleVersionedSerializer<PravegaSplit> {
    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(PravegaSplit split) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(split.readerGroup());
            out.writeInt(split.subtask());
            out.writeUTF(split.readerId());
        }
        return bytes.toByteArray();
    }

    @Override
    public PravegaSplit deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException("unknown Pravega split version " + version + " (this connector writes " + VERSION + ")");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            return new PravegaSplit(in.readUTF(), in.readInt(), in.readUTF());
        }
    }
}
