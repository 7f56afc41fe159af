package io.xtremehub.flink.source.enumerator;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** Serializes {@link PravegaEnumeratorState}: the Pravega checkpoint bytes and the optional end cut. */
public final class PravegaEnumeratorStateSerializer implements SimpleVersionedSerializer<PravegaEnumeratorState> {
    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(PravegaEnumeratorState state) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(state.checkpoint().length);
            out.write(state.checkpoint());
            out.writeBoolean(state.endCut() != null);
            if (state.endCut() != null) {
                out.writeUTF(state.endCut());
            }
        }
        return bytes.toByteArray();
    }

    @Override
    public PravegaEnumeratorState deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException("unknown Pravega enumerator state version " + version
                    + " (this connector reads " + VERSION + ")");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            byte[] checkpoint = new byte[in.readInt()];
            in.readFully(checkpoint);
            String endCut = in.readBoolean() ? in.readUTF() : null;
            return new PravegaEnumeratorState(checkpoint, endCut);
        }
    }
}
