package io.xtremehub.flink.sink;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.UUID;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** Writes a {@link PravegaWriterState} into Flink's checkpoints. */
public final class PravegaWriterStateSerializer implements SimpleVersionedSerializer<PravegaWriterState> {
    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(PravegaWriterState state) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeLong(state.transactionId().getMostSignificantBits());
            out.writeLong(state.transactionId().getLeastSignificantBits());
        }
        return bytes.toByteArray();
    }

    @Override
    public PravegaWriterState deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException("unknown Pravega writer state version " + version + " (this connector reads "
                    + VERSION + ")");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            return new PravegaWriterState(new UUID(in.readLong(), in.readLong()));
        }
    }
}
