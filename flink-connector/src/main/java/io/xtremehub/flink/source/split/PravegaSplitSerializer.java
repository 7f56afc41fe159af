package io.xtremehub.flink.source.split;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Writes a {@link PravegaSplit} as group name, subtask index, reader id and (version 2) the
 * optional checkpointed position. Version 1 splits, written without a position, still load.
 */
public final class PravegaSplitSerializer implements SimpleVersionedSerializer<PravegaSplit> {
    private static final int VERSION = 2;

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
            byte[] position = split.position();
            out.writeInt(position == null ? -1 : position.length);
            if (position != null) {
                out.write(position);
            }
        }
        return bytes.toByteArray();
    }

    @Override
    public PravegaSplit deserialize(int version, byte[] serialized) throws IOException {
        if (version != 1 && version != VERSION) {
            throw new IOException("unknown Pravega split version " + version + " (this connector reads 1 and "
                    + VERSION + ")");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            PravegaSplit split = new PravegaSplit(in.readUTF(), in.readInt(), in.readUTF());
            int length = version == 1 ? -1 : in.readInt();
            if (length < 0) {
                return split;
            }
            byte[] position = new byte[length];
            in.readFully(position);
            return split.atPosition(position);
        }
    }
}
