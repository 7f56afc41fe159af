package io.xtremehub.flink.source.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class PravegaSplitSerializerTest {
    private final PravegaSplitSerializer serializer = new PravegaSplitSerializer();

    @Test
    void roundTrips() throws IOException {
        PravegaSplit split = new PravegaSplit("group", 3, "3-abc");
        PravegaSplit back = serializer.deserialize(serializer.getVersion(), serializer.serialize(split));
        assertThat(back).isEqualTo(split);
        assertThat(back.splitId()).isEqualTo("group#3");
        assertThat(back.readerId()).isEqualTo("3-abc");
        assertThat(back.position()).isNull();
    }

    @Test
    void roundTripsTheCheckpointedPosition() throws IOException {
        PravegaSplit split = new PravegaSplit("group", 1, "1-xyz").atPosition(new byte[] {7, 0, 42});
        PravegaSplit back = serializer.deserialize(serializer.getVersion(), serializer.serialize(split));
        assertThat(back).isEqualTo(split);
        assertThat(back.position()).containsExactly(7, 0, 42);
    }

    @Test
    void readsVersionOneSplitsWithoutPosition() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF("group");
            out.writeInt(2);
            out.writeUTF("2-old");
        }
        PravegaSplit back = serializer.deserialize(1, bytes.toByteArray());
        assertThat(back).isEqualTo(new PravegaSplit("group", 2, "2-old"));
    }

    @Test
    void refusesUnknownVersions() {
        assertThatThrownBy(() -> serializer.deserialize(9, new byte[0]))
                .hasMessageContaining("unknown Pravega split version 9");
    }
}
