package io.xtremehub.flink.sink;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.UUID;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** Writes a {@link PravegaCommittable} into Flink's checkpoints. */
public final class PravegaCommittableSerializer implements SimpleVersionedSerializer<PravegaCommittable> {
    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(PravegaCommittable c) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(c.scope());
            out.writeUTF(c.stream());
            out.writeLong(c.transactionId().getMostSignificantBits());
            out.writeLong(c.transactionId().getLeastSignificantBits());
        }
        return bytes.toByteArray();
    }

    @Override
    public PravegaCommittable deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException("unknown Pravega committable version " + version + " (this connector reads "
                    + VERSION + ")");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            return new PravegaCommittable(in.readUTF(), in.readUTF(), new UUID(in.readLong(), in.readLong()));
        }
    }
}
